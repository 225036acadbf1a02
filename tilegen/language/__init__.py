"""The .tile language itself: the IR (ir.py), dtypes, the function and operator table
(functions.py), typing rules, constant folding, schedule keys and names. Every stage
reads it; it imports nothing but the diagnostics catalog."""
