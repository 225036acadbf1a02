from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_reduction_single.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_s = resolve('s')
    l_0_k = resolve('k')
    l_0_m = resolve('m')
    l_0_sc = resolve('sc')
    try:
        t_1 = environment.filters['indent']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'indent' found.")
    try:
        t_2 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    yield '# spec: '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield '\n@triton.jit\ndef '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel(\n'
    template = environment.get_template('_reduction_kernel_args.py.j2', '_reduction_single.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '    BLOCK_N: tl.constexpr,  # columns per block: the whole row, '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield ' rounded up to a power of two\n    ROWS: tl.constexpr,  # rows per block\n    NUM_STAGES: tl.constexpr,  # software-pipelining depth of the row-block loop\n    PERSISTENT: tl.constexpr,  # fewer programs than row blocks: each loops over several\n    INDEX_64: tl.constexpr,  # some offset needs 64 bits (2**31 elements or more)\n'
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align_arg'), (undefined(name='k') if l_0_k is missing else l_0_k)))
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'past_end_arg'), (undefined(name='k') if l_0_k is missing else l_0_k)))
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread'):
        pass
        yield '    REREAD: tl.constexpr,  # after the reductions, read the row again (from cache) for the outputs\n'
    yield '):\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'):
        pass
        yield '    # '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'))
        yield '\n'
    yield '    # Single pass over rows of ['
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'space_text'))
    yield ']: a [ROWS, BLOCK_N] block of whole rows is\n    # loaded once, every reduction runs over axis 1 in registers, and the outputs are stored once.\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread'):
        pass
        yield '    # With REREAD the row is let go after the reductions and loaded again for the outputs:\n    # a second read, from L1/L2, instead of holding the row in registers throughout.\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
        pass
        yield '    '
        yield str(t_1(t_2(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'aligned'):
        pass
        yield '    '
        yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align'), (undefined(name='k') if l_0_k is missing else l_0_k))), 4))
        yield '\n'
    yield '    pid = tl.program_id(0)\n    num_programs = tl.num_programs(0)\n    num_row_blocks = tl.cdiv(n_rows, ROWS)\n    # Columns: one block spans the whole row; mask_n drops the lanes past the row end.\n    offs_n = tl.arange(0, BLOCK_N)[None, :]\n    if INDEX_64:\n        offs_n = offs_n.to(tl.int64)\n    mask_n = offs_n < '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield '\n    '
    yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_blocks'), 'tl.range', ', num_stages=NUM_STAGES')), 4))
    yield '\n        '
    yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_setup'), (undefined(name='k') if l_0_k is missing else l_0_k))), 8))
    yield '\n        # mask: real rows and real columns; the loads and stores use it.\n        mask = mask_rows & mask_n\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_loads'):
        pass
        yield '        # Load the whole row block once.\n'
    for l_1_l in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_loads'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'load'), l_1_l, _loop_vars=_loop_vars)), 8))
        yield '\n'
    l_1_l = missing
    for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_steps'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_1_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 8))
        yield '\n'
    l_1_st = missing
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread'):
        pass
        yield '        if REREAD:\n            # The row again, for the outputs: recompute the row-varying values from it.\n            '
        yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'final_outputs'), (undefined(name='k') if l_0_k is missing else l_0_k), environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))), 12))
        yield '\n        else:\n'
        for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_tail'):
            _loop_vars = {}
            pass
            yield '            '
            yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_1_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 12))
            yield '\n'
        l_1_st = missing
        yield '            # Store each output, cast to its declared type.\n'
        for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_stores'):
            _loop_vars = {}
            pass
            yield '            '
            yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 12))
            yield '\n'
        l_1_st = missing
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_stores'):
            pass
            yield '        # Store the per-row outputs.\n'
        for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_stores'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 8))
            yield '\n'
        l_1_st = missing
    else:
        pass
        yield '        # Store each output, cast to its declared type.\n'
        for l_1_st in (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_stores') + environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_stores')):
            _loop_vars = {}
            pass
            yield '        '
            yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 8))
            yield '\n'
        l_1_st = missing
    yield '\n\n'

blocks = {}
debug_info = '3=28&5=32&6=34&7=41&12=43&13=44&14=45&18=49&19=52&21=55&23=57&27=60&28=63&30=65&31=68&40=71&41=73&42=75&45=77&48=80&49=84&51=87&52=91&54=94&57=97&59=99&60=103&63=107&64=111&66=114&69=117&70=121&74=127&75=131'