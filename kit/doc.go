// Package kit is the implementer's side of promote: what a rule-set
// package uses to write a system's promotion rules. A consumer who only
// asks rule sets for answers needs the root package (promote.Rules,
// promote.Operand, promote.Result) and the registry (package rules), never
// this one; the split is the one database/sql and database/sql/driver make.
//
// A rule set is a package under rules/ that declares a *promote.Def (its
// name, dialect, options, sources and constructor) and a type that
// implements promote.Rules. The kit gives that type its common parts:
//
//   - Base holds the definition, the settings and the compiled pair table,
//     and implements Def, Settings and PromoteTypes; embed it and write
//     Result. Base.Refuse builds the system's refusal (*promote.Error).
//   - PairTable compiles a function that decides each ordered pair of
//     plain dtypes (a Decision: the result and its rule, or a refusal and
//     its message) into a dense table, so that PromoteTypes is one index
//     and allocates nothing. Build it once per configuration the options
//     allow, before the first lookup (sync.OnceValue at package level, or
//     when the rule set is built), never per query.
//   - FoldLeft and Folder give the left-fold N-operand semantics most
//     systems have (promote.Fold): implement FoldOne and FoldTwo, pass the
//     rule set itself, and a fold allocates nothing.
//   - NoOperands is a rule every system states alike, with one ID, one
//     text and one source, which rule sets list as it is.
//   - The shared rules (Shared: NoWeakTypes, PythonBool, PythonInt,
//     PythonFloat, PythonComplex, PythonIntRange, PythonScalars) are rules
//     many systems state, each in its own words: each is declared here once,
//     with its canonical name, what every adoption means, and the IDs
//     systems state it under. A system adopts one (NoWeakTypes.Adopt) with
//     its own ID, text and source, which its answers print unchanged; the
//     adoption links back (promote.Rule.Shared), and the registry's test
//     requires every rule under a shared ID to adopt it. A system with no
//     weak types builds its Admission.NoWeak refusal with NoWeak, which
//     insists on an adoption of NoWeakTypes; IntFits and FirstFit are the
//     range checks systems make on a Python int.
//   - The Suffix constants name the host-literal suffixes the operand
//     parser records in promote.Value.Suffix (C's 1u, 1.0f; Julia's 1f0).
//
// Every Rule a rule set returns must say where it comes from (Source: the
// upstream repository, path and commit, or document and section), and
// every refusal must be a *promote.Error in the system's own words.
package kit
