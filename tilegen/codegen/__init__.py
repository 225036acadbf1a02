"""Stage 5-7: render models -> Python source through templates/ (render.py), black
(fmt.py), atomic writes (write.py)."""
