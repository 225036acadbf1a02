from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'axis_scan.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_k = resolve('k')
    l_0_sc = l_0_loops = l_0_s = l_0_tensors = missing
    try:
        t_1 = environment.filters['indent']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'indent' found.")
    try:
        t_2 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_3 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_4 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_sc = context.vars['sc'] = environment.get_template('_scalars.py.j2', 'axis_scan.py.j2')._get_default_module(context)
    context.exported_vars.discard('sc')
    l_0_loops = context.vars['loops'] = environment.get_template('_loops.j2', 'axis_scan.py.j2')._get_default_module(context)
    context.exported_vars.discard('loops')
    l_0_s = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'sig')
    context.vars['s'] = l_0_s
    context.exported_vars.add('s')
    l_0_tensors = (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs') + environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'))
    context.vars['tensors'] = l_0_tensors
    context.exported_vars.add('tensors')
    yield '# spec: '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield '\n@triton.jit\ndef '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel(\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_t, 'name'))
        yield '_ptr,  # '
        yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'name'))
        yield '['
        yield str(environment.getattr(l_1_t, 'dims_text'))
        yield ']\n'
    l_1_t = missing
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        pass
        yield '    '
        yield str(t_1(t_4(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'params'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_t, 'name'))
        yield '_ptr,  # '
        yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'name'))
        yield '['
        yield str(environment.getattr(l_1_t, 'dims_text'))
        yield '], output\n'
    l_1_t = missing
    yield '    n_kept,  # sequences scanned: '
    yield str((t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept'), ' * ') or '1'))
    yield '\n    n_scan,  # the length of each, along '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scanned'))
    yield '\n'
    for l_1_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'size_args'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(l_1_d)
        yield ',\n'
    l_1_d = missing
    for l_1_t in (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors):
        _loop_vars = {}
        pass
        for (l_2_axis, l_2_stride) in environment.getattr(l_1_t, 'strides'):
            _loop_vars = {}
            pass
            yield '    '
            yield str(l_2_stride)
            yield ',\n'
        l_2_axis = l_2_stride = missing
    l_1_t = missing
    yield '    BLOCK_R: tl.constexpr,  # positions along '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scanned'))
    yield ' per step\n    BLOCK_K: tl.constexpr,  # sequences per program\n    INDEX_64: tl.constexpr,  # some offset needs 64 bits (2**31 elements or more)\n):\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'):
        pass
        yield '    # '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'))
        yield '\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
        pass
        yield '    '
        yield str(t_1(t_4(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    yield '    # Program pid_k scans along '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scanned'))
    yield ' for the sequences [pid_k * BLOCK_K, (pid_k + 1) * BLOCK_K) of\n    # ['
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_text'))
    yield '], walking '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scanned'))
    yield ' forwards BLOCK_R positions at a time on a [BLOCK_K, BLOCK_R]\n    # tile: each tile row is one sequence.\n    pid_k = tl.program_id(0)\n    offs_k = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)\n    if INDEX_64:\n        offs_k = offs_k.to(tl.int64)\n    # mask_k: the last block of sequences runs past n_kept.\n    mask_k = offs_k < n_kept\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_steps'):
        pass
        yield '    # Split the sequence index into one index per kept dimension of ['
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_text'))
        yield '], innermost first.\n    '
        yield str(t_1(t_4(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'split_index'), 'offs_k', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_steps'))), 4))
        yield '\n'
    yield '    # The running value of each scan: the blocks before this one, a [BLOCK_K, 1] column.\n'
    for l_1_c in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'carries'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_c, 'name'))
        yield ' = tl.full([BLOCK_K, 1], '
        yield str(environment.getattr(l_1_c, 'start'))
        yield ', tl.'
        yield str(environment.getattr(l_1_c, 'dtype'))
        yield ')\n'
    l_1_c = missing
    yield '    for r_block in range(0, n_scan, BLOCK_R):\n        '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scan_index'))
    yield ' = r_block + tl.arange(0, BLOCK_R)\n        if INDEX_64:\n            '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scan_index'))
    yield ' = '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scan_index'))
    yield '.to(tl.int64)\n        # mask: inside the sequences and inside '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scanned'))
    yield '. Positions past the end come after every\n        # real one, so no scan sees them; they are never stored.\n        mask = mask_k[:, None] & ('
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scan_index'))
    yield " < n_scan)[None, :]\n        # Memory offsets: each tensor's indices times its strides (sequences down the tile,\n        # positions along "
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scanned'))
    yield ' across it); a dimension a tensor does not have adds nothing.\n'
    for l_1_load in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'loads'):
        _loop_vars = {}
        pass
        if environment.getattr(l_1_load, 'upcast'):
            pass
            yield '        '
            yield str(environment.getattr(environment.getattr(l_1_load, 'tensor'), 'name'))
            yield ' = '
            yield str(environment.getitem(environment.getattr(l_1_load, 'upcast'), 0))
            yield 'tl.load('
            yield str(environment.getattr(environment.getattr(l_1_load, 'tensor'), 'name'))
            yield '_ptr + '
            yield str(environment.getattr(l_1_load, 'offs'))
            yield ', mask=mask, other='
            yield str(environment.getattr(l_1_load, 'other'))
            yield ')'
            yield str(environment.getitem(environment.getattr(l_1_load, 'upcast'), 1))
            yield '\n'
        else:
            pass
            yield '        '
            yield str(environment.getattr(environment.getattr(l_1_load, 'tensor'), 'name'))
            yield ' = tl.load('
            yield str(environment.getattr(environment.getattr(l_1_load, 'tensor'), 'name'))
            yield '_ptr + '
            yield str(environment.getattr(l_1_load, 'offs'))
            yield ', mask=mask, other='
            yield str(environment.getattr(l_1_load, 'other'))
            yield ')\n'
    l_1_load = missing
    for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'steps'):
        _loop_vars = {}
        pass
        if environment.getattr(l_1_st, 'line'):
            pass
            yield '        # spec: '
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
            yield ':'
            yield str(environment.getattr(l_1_st, 'line'))
            yield '\n'
        else:
            pass
            yield "        # for the next block: each sequence's last lane\n"
        yield '        '
        yield str(environment.getattr(l_1_st, 'target'))
        yield ' = '
        yield str(environment.getattr(l_1_st, 'triton'))
        yield '\n'
    l_1_st = missing
    yield "        # Store each output, cast to its declared type, under the tile's mask.\n"
    for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'stores'):
        _loop_vars = {}
        pass
        yield '        tl.store('
        yield str(environment.getattr(environment.getattr(l_1_st, 'tensor'), 'name'))
        yield '_ptr + '
        yield str(environment.getattr(l_1_st, 'offs'))
        yield ', '
        yield str(environment.getattr(environment.getattr(l_1_st, 'tensor'), 'store_open'))
        yield str(environment.getattr(environment.getattr(l_1_st, 'tensor'), 'name'))
        yield str(environment.getattr(environment.getattr(l_1_st, 'tensor'), 'store_cast'))
        yield ', mask=mask)\n'
    l_1_st = missing
    yield '\n\n'
    template = environment.get_template('_launcher_head.py.j2', 'axis_scan.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'loops': l_0_loops, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '    n_kept = '
    yield str((t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept'), ' * ') or '1'))
    yield '\n    n_scan = '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scanned'))
    yield '\n    if n_kept == 0 or n_scan == 0:\n        # Nothing to compute: return the (empty) outputs without launching.\n        return '
    yield str(t_2(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n    # Tiles: a model of the shape (tilegen.runtime.axes.axis_scan_plan).\n    BLOCK_R, BLOCK_K, num_warps = _axes.axis_scan_plan(n_kept, n_scan)\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'warps'):
        pass
        yield '    num_warps = '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'warps'))
        yield "  # pinned by the spec's schedule\n"
    yield '    index_64 = _args.needs_int64('
    yield str(t_2(context.eval_ctx, t_3(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
    yield ')\n    # One program per block of sequences; each walks the whole of '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'scanned'))
    yield '.\n    grid = (_args.cdiv(n_kept, BLOCK_K),)\n    _fast.launch(\n        '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel,\n        grid,\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ',\n'
    l_1_t = missing
    for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(environment.getattr(l_1_p, 'name'))
        yield ',\n'
    l_1_p = missing
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ',\n'
    l_1_t = missing
    yield '        n_kept,\n        n_scan,\n'
    for l_1_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'size_args'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(l_1_d)
        yield ',\n'
    l_1_d = missing
    for l_1_t in (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors):
        _loop_vars = {}
        pass
        for (l_2_axis, l_2_stride) in environment.getattr(l_1_t, 'strides'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(environment.getattr(l_1_t, 'name'))
            yield '.stride('
            yield str(l_2_axis)
            yield '),\n'
        l_2_axis = l_2_stride = missing
    l_1_t = missing
    yield '        BLOCK_R=BLOCK_R,\n        BLOCK_K=BLOCK_K,\n        INDEX_64=index_64,\n        num_warps=num_warps,\n    )\n    return '
    yield str(t_2(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n\n\n'
    template = environment.get_template('_reference.py.j2', 'axis_scan.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'loops': l_0_loops, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
    try:
        for event in gen:
            yield event
    finally: gen.close()

blocks = {}
debug_info = '1=37&2=39&3=41&4=44&5=48&7=52&8=54&9=58&11=65&12=68&14=70&15=74&17=82&18=84&19=86&20=90&22=93&23=96&24=100&27=105&31=107&32=110&34=112&35=115&37=118&38=120&46=124&47=127&48=129&51=132&52=136&55=144&57=146&58=150&60=152&62=154&63=156&64=159&65=162&67=177&70=186&71=189&72=192&76=200&79=206&80=210&84=220&85=227&86=229&89=231&92=233&93=236&95=239&96=241&99=243&101=245&102=249&104=252&105=256&107=259&108=263&112=267&113=271&115=274&116=277&117=281&125=288&128=290'