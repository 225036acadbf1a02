from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_gemm_helpers.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    pass
    yield '\n\n@triton.jit\ndef _gemm_store_halves(desc, off_m, off_n, tile, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):\n    """Store a [BLOCK_M, BLOCK_N] tile through a descriptor of [BLOCK_M, BLOCK_N // 2]\n    blocks: split its columns at the middle (reshape to [BLOCK_M, 2, BLOCK_N // 2], move\n    the 2 last, split) and store the left half, then the right. Each TMA store stages\n    its block in shared memory, so halves leave more of it to the K loop\'s pipeline."""\n    left, right = tl.split(tl.permute(tl.reshape(tile, (BLOCK_M, 2, BLOCK_N // 2)), (0, 2, 1)))\n    desc.store([off_m, off_n], left)\n    desc.store([off_m, off_n + BLOCK_N // 2], right)\n\n\n@triton.jit\ndef _gemm_split_k_sum(acc, ws_ptr, count_ptr, tile_id, split, SPLIT_K: tl.constexpr, BLOCK_M: tl.constexpr,\n                      BLOCK_N: tl.constexpr):\n    """Split-K: store this program\'s partial tile, slot `split` of the tile\'s SPLIT_K in the\n    workspace, and count it in (_last_arrival). The tile\'s last program to arrive gets back\n    the sum of all SPLIT_K partials, added in slot order (so the result does not depend on\n    which program finishes last), and True; the others get their own partial back (their\n    epilogue stores nothing) and False (the sum replaces acc: no second tile of registers)."""\n    offs = tl.arange(0, BLOCK_M)[:, None] * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]\n    tile_ws = ws_ptr + tile_id * (SPLIT_K * BLOCK_M * BLOCK_N)\n    tl.store(tile_ws + split * (BLOCK_M * BLOCK_N) + offs, acc)\n    last = _last_arrival(count_ptr, tile_id, SPLIT_K)\n    if last:\n        acc = tl.load(tile_ws + offs, cache_modifier=".cg")\n        for s in tl.static_range(1, SPLIT_K):\n            acc += tl.load(tile_ws + s * (BLOCK_M * BLOCK_N) + offs, cache_modifier=".cg")\n    return acc, last\n'

blocks = {}
debug_info = ''