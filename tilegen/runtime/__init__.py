"""What generated modules import at run time: ordinary Python, tested as such.

    args          argument checks, output allocation, overlap checks, small integer helpers
    calls         the checks done in full once per call signature, the rest at every call
    launch        kernel launches straight to the compiled kernel, keyed as Triton specializes
    gemm          gemm launch configurations and modes, the launch choice, the autotuner
    gemm_configs  the candidate block configurations per GPU, split-K candidates and buffers
    launch_model  a model of a gemm launch's time: the untuned choice, the tuner's shortlist
    restage       K-padded copies of gemm operands that cannot load in whole vectors, where they pay
    tuning_cache  the tuner's disk cache
    reduction     row reduction launches: the launch rules, fixed row widths, the team exchange buffer
    axes          reductions and scans over named dimensions: tiles, splits, partial results
    reference     torch helpers the generated references call
    timing        device timing, shared by the gemm tuner and `tilegen bench`
    rules         what a gemm call's schedule= may set (data, also read by the compiler)

Nothing here imports more than torch and triton, or anything of the compiler.
"""
