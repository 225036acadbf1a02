"""tilegen: compile declarative .tile specs into readable, fast Triton kernels."""

__version__ = "0.1.0"
