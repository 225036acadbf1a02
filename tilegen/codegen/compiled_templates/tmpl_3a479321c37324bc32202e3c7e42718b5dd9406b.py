from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_gemm_helpers.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    pass
    yield '\n\n@triton.jit\ndef _gemm_store_halves(desc, off_m, off_n, tile, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):\n    """Store a [BLOCK_M, BLOCK_N] tile through a descriptor of [BLOCK_M, BLOCK_N // 2]\n    blocks: split its columns at the middle (reshape to [BLOCK_M, 2, BLOCK_N // 2], move\n    the 2 last, split) and store the left half, then the right. Each TMA store stages\n    its block in shared memory, so halves leave more of it to the K loop\'s pipeline."""\n    left, right = tl.split(tl.permute(tl.reshape(tile, (BLOCK_M, 2, BLOCK_N // 2)), (0, 2, 1)))\n    desc.store([off_m, off_n], left)\n    desc.store([off_m, off_n + BLOCK_N // 2], right)\n'

blocks = {}
debug_info = ''