"""Stage 3: IR -> checked kernels: every error of a file at once (check.py), with notes
on what the user probably meant (hints.py)."""
