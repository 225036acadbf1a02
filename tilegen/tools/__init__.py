"""The command line and the tools around the compiler: cli.py, show.py, validate.py,
bench.py (with bench_baselines.py)."""
