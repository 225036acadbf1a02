"""The `tilegen` command line: build, check, show, validate, tune, bench."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..version import __version__
from ..diagnostics import DiagnosticError

try:
    from ..driver import compile_paths, module_outputs
    from ..pipeline import STAGES
except ModuleNotFoundError as exc:  # run with a Python that lacks tilegen's dependencies
    if exc.name not in ("black", "jinja2", "lark"):
        raise
    sys.exit(
        f"tilegen: the Python package {exc.name!r} is missing: run tilegen from its environment "
        "(`make setup` creates .venv) or install it with `pip install -e .`"
    )


def cmd_build(args) -> int:
    from ..codegen.write import stale, write_all

    results = compile_paths(args.paths, "source" if not args.dump else args.dump, writes=not args.dump and not args.check)
    if results is None:
        return 1
    if args.dump:
        for spec, compiled in results.items():
            print(_dump(compiled, args.dump))
        return 0
    outputs, errors = module_outputs(results, Path(args.output))
    if errors:
        return _report(errors)
    if args.check:
        problems = stale(outputs)
        _report(problems)
        if not problems:
            print(f"tilegen: {len(outputs)} module(s) in {args.output}/ are up to date")
        return 1 if problems else 0
    try:
        written = write_all(outputs)
    except DiagnosticError as exc:
        _report(exc.diagnostics)
        done = getattr(exc, "written", [])
        print(f"tilegen: {'wrote only ' + ', '.join(map(str, done)) if done else 'nothing was written'}", file=sys.stderr)
        return 1
    kernels = sum(len(c.checked) for c in results.values())
    print(f"tilegen: {kernels} kernel(s) from {len(results)} spec(s); wrote {len(written)} file(s) to {args.output}/")
    return 0


def _report(diagnostics) -> int:
    """Print diagnostics that point at no source line (build-level ones); the exit status."""
    for diag in diagnostics:
        print(diag.render(None), file=sys.stderr)
    return 1


def _dump(compiled, stage: str) -> str:
    if stage == "ir":
        return "\n".join(repr(k) for k in compiled.module.kernels)
    if stage == "checked":
        return "\n".join(repr(k) for k in compiled.checked)
    if stage == "model":
        return "\n".join(repr(m) for m in compiled.models)
    return compiled.raw if stage == "raw" else compiled.source


def cmd_check(args) -> int:
    # Through lowering: some errors (gemm operand types, names the kernel reserves, block_ptr
    # on Triton 3.9, precision without f32 products) are found there; nothing is rendered.
    results = compile_paths(args.paths, "model")
    if results is None:
        return 1
    _, errors = module_outputs(results, Path())  # two specs of one name would collide in any output folder
    if errors:
        return _report(errors)
    kernels = sum(len(c.checked) for c in results.values())
    print(f"tilegen: {len(results)} spec(s), {kernels} kernel(s): no errors")
    return 0


def cmd_show(args) -> int:
    results = compile_paths([args.file])
    if results is None:
        return 1
    if args.kernel:
        shown = _kernel_sections(results, args.kernel)
        if not shown:
            names = ", ".join(k.name for c in results.values() for k in c.module.kernels) or "none"
            print(f"tilegen: no kernel {args.kernel!r} in {args.file} (kernels: {names})", file=sys.stderr)
            return 1
    else:
        shown = {spec: compiled.source for spec, compiled in results.items()}
    from .show import highlight

    source = _join_shown(shown)
    sys.stdout.write(highlight(source) if sys.stdout.isatty() else source)
    return 0


def _kernel_sections(results, kernel: str) -> dict[Path, str]:
    """{spec: the named kernel's code} for every spec that defines a kernel of that name."""
    from .show import kernel_section

    sections = {spec: kernel_section(compiled.source, kernel) for spec, compiled in results.items()}
    return {spec: section for spec, section in sections.items() if section is not None}


def _join_shown(shown: dict[Path, str]) -> str:
    """One spec's code as it is; several, each under a comment naming its spec."""
    if len(shown) == 1:
        return next(iter(shown.values()))
    return "\n".join(f"# ==== {spec} ====\n{source}" for spec, source in shown.items())


def cmd_validate(args) -> int:
    from .validate import main as validate_main

    return validate_main(args)


def cmd_tune(args) -> int:
    from .tune import main as tune_main

    return tune_main(args)


def cmd_bench(args) -> int:
    from .bench import main as bench_main

    return bench_main(args)


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text}")
    return value


def _part(text: str) -> tuple[int, int]:
    index, _, parts = text.partition("/")
    if not (index.isdigit() and parts.isdigit() and 1 <= int(index) <= int(parts)):
        raise argparse.ArgumentTypeError(f"expected I/N with 1 <= I <= N (e.g. 2/3), got {text}")
    return int(index), int(parts)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tilegen", description="Compile .tile specs into Triton kernels.")
    p.add_argument("--version", action="version", version=f"tilegen {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    b = sub.add_parser("build", help="compile specs into generated/<stem>.py")
    b.add_argument("paths", nargs="+", metavar="PATH", help=".tile files or directories")
    b.add_argument("-o", "--output", default="generated", metavar="DIR", help="output directory (default: generated)")
    b.add_argument("--check", action="store_true", help="write nothing; exit 1 if DIR is stale")
    b.add_argument("--dump", choices=STAGES, help="print one stage's result instead of writing")
    b.set_defaults(func=cmd_build)

    c = sub.add_parser("check", help="report every error a build would, writing nothing")
    c.add_argument("paths", nargs="+", metavar="PATH")
    c.set_defaults(func=cmd_check)

    s = sub.add_parser("show", help="print the emitted source of a spec (or of every spec in a directory)")
    s.add_argument("file", metavar="PATH", help="a .tile file or a directory of them")
    s.add_argument("kernel", nargs="?", metavar="KERNEL", help="show only this kernel (found in any spec under PATH)")
    s.set_defaults(func=cmd_show)

    v = sub.add_parser("validate", help="run every kernel against its torch reference")
    v.add_argument("paths", nargs="+", metavar="PATH")
    v.add_argument("--interpret", action="store_true", help="use the Triton interpreter even if a GPU is present")
    v.add_argument("--quick", action="store_true", help="fewer, smaller shapes")
    v.set_defaults(func=cmd_validate)

    t = sub.add_parser("tune", help="tune gemm launches ahead of time, filling the disk cache (for serving)")
    t.add_argument("spec", metavar="PATH", help="a .tile file (or a directory of them)")
    t.add_argument("kernel", nargs="?", metavar="KERNEL", help="only this kernel")
    t.add_argument("--shapes", nargs="+", required=True, metavar="NAME=SIZE,...",
                   help="one or more shapes, e.g. M=1,N=4096,K=4096 M=4096,N=4096,K=4096")
    t.add_argument("--interpret", action="store_true", help="run on the Triton interpreter (a dry run without a GPU)")
    t.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                   help="tuning time per shape bucket, compiles included (default: a first call's, 4.0; "
                        "more lets every timing round and the runoff run)")
    t.set_defaults(func=cmd_tune)

    bn = sub.add_parser("bench", help="time kernels against torch on the GPU")
    bn.add_argument("suite", nargs="?", default="bench/suite.toml", help="suite file (default: bench/suite.toml)")
    bn.add_argument("--filter", "-k", default="", help="only cases whose name (or group) contains this")
    bn.add_argument("--part", type=_part, default=(1, 1), metavar="I/N",
                    help="only every Nth of those cases from the Ith (split a long suite into N runs)")
    bn.add_argument("--rounds", type=_positive_int, default=3, metavar="N",
                    help="interleaved timing rounds per case; the median round is reported (default: 3)")
    bn.add_argument("--json", metavar="FILE", help="write results as JSON")
    bn.add_argument("--csv", metavar="FILE", help="write results as CSV")
    bn.add_argument("--plot", metavar="FILE", help="write a PNG plot of tilegen's x best ratio by shape, per group (needs matplotlib)")
    bn.add_argument("--markdown", metavar="FILE", help="write the table as Markdown")
    bn.add_argument("--from-json", metavar="FILE", action="append",
                    help="report saved --json runs instead of timing (repeat it to report several parts as one; no GPU needed)")
    bn.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:  # bare `tilegen`: what it can do
        parser().print_help()
        return 0
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
