/* Checks the generated C header against a vector file: driver VECTORS. */
#include <stdio.h>
#include <string.h>
#include "gen.h"

int main(int argc, char **argv) {
    FILE *f;
    char line[4096];
    int n = 0, bad = 0;
    if (argc != 2 || !(f = fopen(argv[1], "r"))) {
        return 2;
    }
    while (fgets(line, sizeof line, f)) {
        char *fld[4] = {0}, *p = line, got[512], want[512];
        int k = 0, a, b, weak = 0;
        promotion_dtype out;
        const promotion_rule *rule;
        if (line[0] == '#' || line[0] == '\n') {
            continue;
        }
        line[strcspn(line, "\n")] = 0;
        while (k < 4) {
            fld[k++] = p;
            p = strchr(p, '\t');
            if (!p) {
                break;
            }
            *p++ = 0;
        }
        a = promotion_dtype_from_name(fld[0]);
        b = promotion_dtype_from_name(fld[1]);
        if (a < 0 || b < 0 || !fld[2]) {
            printf("bad line %s\n", line);
            return 2;
        }
        rule = promotion_types((promotion_dtype)a, (promotion_dtype)b, &out, &weak);
        if (rule) {
            snprintf(got, sizeof got, "error\t%s", rule->id);
        } else {
            snprintf(got, sizeof got, "%s%s\t", promotion_dtype_name(out), weak ? "?" : "");
        }
        snprintf(want, sizeof want, "%s\t%s", fld[2], fld[3] ? fld[3] : "");
        if (strcmp(got, want) != 0) {
            printf("%s %s: got %s, want %s\n", fld[0], fld[1], got, want);
            bad++;
        }
        n++;
    }
    if (bad || !n) {
        return 1;
    }
    printf("ok %d\n", n);
    return 0;
}
