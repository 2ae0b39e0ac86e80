// Checks the generated Rust module against a vector file: driver VECTORS.
mod gen;

use std::io::BufRead;

fn main() {
    let path = std::env::args().nth(1).expect("usage: driver VECTORS");
    let file = std::fs::File::open(path).expect("open");
    let (mut n, mut bad) = (0, 0);
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("read");
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fld: Vec<&str> = line.split('\t').collect();
        while fld.len() < 4 {
            fld.push("");
        }
        let a = gen::DType::from_name(fld[0]).expect("dtype");
        let b = gen::DType::from_name(fld[1]).expect("dtype");
        let got = match gen::promote_types(a, b) {
            Ok((out, weak)) => format!("{}{}\t", out, if weak { "?" } else { "" }),
            Err(e) => {
                let mut g = format!("error\t{}", e.rule.id);
                if !e.to_string().contains(e.rule.id) {
                    g.push_str(" (message names no rule)");
                }
                g
            }
        };
        let want = format!("{}\t{}", fld[2], fld[3]);
        if got != want {
            println!("{} {}: got {:?}, want {:?}", fld[0], fld[1], got, want);
            bad += 1;
        }
        n += 1;
    }
    if bad > 0 || n == 0 {
        std::process::exit(1);
    }
    println!("ok {}", n);
}
