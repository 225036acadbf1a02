"""What generated modules import at run time: ordinary Python, tested as such.

    args     argument checks, output allocation, overlap checks, small integer helpers
    gemm     gemm launch configurations, launch modes, the autotuner and its disk cache
    team     the team reduction strategy's exchange buffer
    timing   device timing, shared by the gemm tuner and `tilegen bench`
    rules    what a gemm call's schedule= may set (data, also read by the compiler)

Nothing here imports more than torch and triton, or anything of the compiler.
"""
