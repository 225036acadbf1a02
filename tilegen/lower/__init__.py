"""Stage 4: checked kernel -> render model, one module per kernel kind (elementwise.py,
gemm.py, reduction/). model.py holds what every kind shares; expr.py renders expressions."""
