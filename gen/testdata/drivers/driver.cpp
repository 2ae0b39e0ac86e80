// Checks the generated C++ header against a vector file: driver VECTORS.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
#include "gen.hpp"

int main(int argc, char **argv) {
    if (argc != 2) {
        return 2;
    }
    std::ifstream in(argv[1]);
    std::string line;
    int n = 0, bad = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        std::vector<std::string> fld;
        std::stringstream ss(line);
        std::string f;
        while (std::getline(ss, f, '\t')) {
            fld.push_back(f);
        }
        while (fld.size() < 4) {
            fld.push_back("");
        }
        auto a = promotion::dtype_from_name(fld[0]);
        auto b = promotion::dtype_from_name(fld[1]);
        if (!a || !b) {
            std::cout << "bad line " << line << "\n";
            return 2;
        }
        std::string got;
        try {
            bool weak = false;
            auto out = promotion::promote_types(*a, *b, &weak);
            got = std::string(promotion::name(out)) + (weak ? "?" : "") + "\t";
        } catch (const promotion::PromotionError &e) {
            got = std::string("error\t") + e.rule->id;
            if (std::string(e.what()).find(e.rule->id) == std::string::npos) {
                got += " (message names no rule)";
            }
        }
        if (got != fld[2] + "\t" + fld[3]) {
            std::cout << fld[0] << " " << fld[1] << ": got " << got << ", want " << fld[2] << "\t" << fld[3] << "\n";
            bad++;
        }
        n++;
    }
    if (bad || !n) {
        return 1;
    }
    std::cout << "ok " << n << "\n";
    return 0;
}
