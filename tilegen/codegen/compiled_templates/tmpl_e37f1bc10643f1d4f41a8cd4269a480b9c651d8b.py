from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_gemm_launcher.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_s = resolve('s')
    l_0_k = resolve('k')
    l_0_batched = resolve('batched')
    l_0_a = resolve('a')
    l_0_b = resolve('b')
    l_0_tensors = resolve('tensors')
    l_0_tile_outs = resolve('tile_outs')
    l_0_host_descs = resolve('host_descs')
    l_0_many = resolve('many')
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_3 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_4 = environment.filters['public']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'public' found.")
    try:
        t_5 = environment.filters['pytuple']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'pytuple' found.")
    try:
        t_6 = environment.filters['tojson']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'tojson' found.")
    try:
        t_7 = environment.tests['string']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No test named 'string' found.")
    pass
    yield '# What '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield "'s spec fixes about its launches (see tilegen.runtime.gemm.gemm_config).\n_"
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_gemm = dict(\n    id="'
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kernel_id'))
    yield '",\n    fingerprint="'
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'fingerprint'))
    yield '",  # of the signature and statements: edits are tuned afresh\n    pinned={ '
    for (l_1_key, l_1_value) in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pinned'):
        _loop_vars = {}
        pass
        yield '"'
        yield str(l_1_key)
        yield '": '
        yield str((t_6(context.eval_ctx, l_1_value) if t_7(l_1_value) else l_1_value))
        yield ', '
    l_1_key = l_1_value = missing
    yield '},\n    modes='
    yield str(t_5(t_3(context, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 'tojson')))
    yield ',\n    dtypes="'
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dtypes_key'))
    yield '",\n    elem_bytes='
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'elem_bytes'))
    yield ',\n    batched='
    yield str((undefined(name='batched') if l_0_batched is missing else l_0_batched))
    yield ',  # batched kernels build their tensor descriptors in the kernel\n    split_k='
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'))
    yield ',  # SPLIT_K is compiled in: programs may share a tile, each over a slice of K\n    tail='
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'tail'))
    yield ',  # BLOCK_N2 is compiled in: tiles of two column blocks, BLOCK_N + BLOCK_N2\n)\n\n\n'
    template = environment.get_template('_launcher_head.py.j2', '_gemm_launcher.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '    # Sizes: '
    yield str((str_join((environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_count'), ' products of ', )) if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else cond_expr_undefined("the inline if-expression on line 19 in '_gemm_launcher.py.j2' evaluated to false and no else section was defined.")))
    yield '[M, K] @ [K, N] -> [M, N].\n    size_m, size_n, size_k, size_batch = '
    yield str(t_1(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dims'), ', '))
    yield ', '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_count'))
    yield '\n    if size_m == 0 or size_n == 0 or size_batch == 0:\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'partial_outputs'):
        pass
        yield '        # No tiles to run. '
        yield str(t_1(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'partial_outputs'), ', '))
        yield ' may still have elements: the reference computes them.\n        for _out, _value in zip(('
        yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
        yield ',), '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_reference('
        yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'params'), attribute='name'), ', '))
        yield ')):\n            _out.copy_(_value)\n'
    else:
        pass
        yield '        # Nothing to compute: return the (empty) outputs without launching.\n'
    yield '        return '
    yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pad_k'):
        pass
        yield '    # An operand whose rows are not whole 16-byte vectors (K = 999) loads element by element:\n    # no asynchronous copies, no tensor descriptors. Where the launch model says it pays, the\n    # product runs on copies of '
        yield str(environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name'))
        yield str((str_join((' and ', environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name'), )) if (environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name') != environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')) else cond_expr_undefined("the inline if-expression on line 33 in '_gemm_launcher.py.j2' evaluated to false and no else section was defined.")))
        yield ' whose K is padded with zeros to a multiple of\n    # 16, in whole vectors: the zeros add nothing to a dot product (tilegen.runtime.restage).\n    # schedule "pad_k": True copies whenever some operand loads element by element, False\n    # never. How each copy is made is worked out once per signature. From here on size_k is\n    # the padded K; the copies\' layout is not the caller\'s, so what is kept per signature\n    # (facts, compiled launches) is kept under (signature, K padded).\n    _k_pad = _restage.gemm_pad_k(_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_gemm, schedule, device, (size_batch, size_m, size_n, size_k), '
        yield str(t_5(([environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')] + ([environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name')] if (environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name') != environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')) else []))))
        yield ', _narrow, _b_k_major, ('
        yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
        yield ',)) if _narrow else 0\n    if _k_pad:\n'
        if (environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name') != environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')):
            pass
            yield '        '
            yield str(environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name'))
            yield ', '
            yield str(environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name'))
            yield ' = _restage.pad_operands(_'
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
            yield '_calls, signature, _k_pad, ('
            yield str(environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name'))
            yield ', '
            yield str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'k_axis'))
            yield '), ('
            yield str(environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name'))
            yield ', '
            yield str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'k_axis'))
            yield '))\n'
        else:
            pass
            yield '        ('
            yield str(environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name'))
            yield ',) = _restage.pad_operands(_'
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
            yield '_calls, signature, _k_pad, ('
            yield str(environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name'))
            yield ', '
            yield str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'k_axis'))
            yield '))\n'
        yield '        size_k, _narrow, _b_k_major = _k_pad, False, _gemm.gemm_k_major('
        yield str(environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name'))
        yield ', k_axis='
        yield str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'k_axis'))
        yield ')\n        signature = None if signature is None else (signature, _k_pad)\n'
    if ('descriptor' in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes')):
        pass
        yield '    # Do offsets need 64 bits, and can tensor descriptors address the operands and outputs (TMA\n    # rules, 32-bit offsets, K > 0)? Facts of the signature, worked out on its first call\n    # (tilegen.runtime.gemm_configs.gemm_facts).\n    _index_64, _tma_ok = _'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_calls.facts(\n        signature, _gemm.gemm_facts, ('
        yield str(t_1(context.eval_ctx, t_3(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
        yield ',),\n        '
        yield str(t_5((([environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')] + ([environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name')] if (environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name') != environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')) else [])) + t_2(context.eval_ctx, t_3(context, (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs), attribute='tensor.name')))))
        yield ', size_k)\n'
    else:
        pass
        yield '    _index_64 = _args.needs_int64('
        yield str(t_1(context.eval_ctx, t_3(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
        yield ')\n    _tma_ok = False\n'
    yield '\n    def _launch(config, '
    yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '):\n        # One program per [BLOCK_M, '
    yield str(('BLOCK_N + BLOCK_N2' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'tail') else 'BLOCK_N'))
    yield '] output tile'
    yield str((' of each product' if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else cond_expr_undefined("the inline if-expression on line 62 in '_gemm_launcher.py.j2' evaluated to false and no else section was defined.")))
    yield '; a persistent\n        # launch starts at most one program per SM, each looping over tiles: the fewest that\n        # need no more rounds of tiles than one per SM would (see tilegen.runtime.gemm.gemm_programs).\n        num_tiles = size_batch * _args.cdiv(size_m, config["block_m"]) * _args.cdiv(size_n, config["block_n"] + config["block_n2"])\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield '        # Split-K: split_k programs per tile, which meet in a workspace of partial tiles and\n        # count themselves in (tilegen.runtime.gemm.gemm_split_k_buffers); 1: one program per tile.\n        split_k = config["split_k"]\n        _ws, _count, _pool = _gemm.gemm_split_k_buffers(num_tiles, config, '
        yield str(environment.getattr(environment.getitem((undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), 0), 'name'))
        yield '.device, torch.'
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'acc_dtype'))
        yield ')\n        grid = (_gemm.gemm_programs(num_tiles, config["sms"]) if config["persistent"] else num_tiles * split_k,)\n'
    else:
        pass
        yield '        grid = (_gemm.gemm_programs(num_tiles, config["sms"]) if config["persistent"] else num_tiles,)\n'
    if (undefined(name='host_descs') if l_0_host_descs is missing else l_0_host_descs):
        pass
        yield '        # Addressing "descriptor": the tensor descriptors, built here on the host rather than\n        # in the kernel (measured faster, docs/language.md); None for the other addressings.\n        _a_desc = _b_desc = '
        for l_1_o in (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
            _loop_vars = {}
            pass
            yield '_'
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield '_desc = '
        l_1_o = missing
        yield 'None\n        if config["addressing"] == "descriptor":\n'
        for l_1_op in ((undefined(name='a') if l_0_a is missing else l_0_a), (undefined(name='b') if l_0_b is missing else l_0_b)):
            _loop_vars = {}
            pass
            yield '            _'
            yield str(environment.getattr(l_1_op, 'role'))
            yield '_desc = TensorDescriptor.from_tensor('
            yield str(environment.getattr(environment.getattr(l_1_op, 'tensor'), 'name'))
            yield ', ['
            yield str(environment.getattr(l_1_op, 'desc_host_block'))
            yield '])\n'
        l_1_op = missing
        for l_1_o in (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
            _loop_vars = {}
            pass
            yield '            _'
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield '_desc = TensorDescriptor.from_tensor('
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield ', [config["block_m"], config["block_n"] // 2])\n'
        l_1_o = missing
    yield '        # '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield "_kernel[grid](...) through tilegen.runtime.launch: straight to the compiled kernel\n        # once Triton has compiled it for arguments of these classes. The call's signature and the\n        # configuration fix the classes of the other arguments; keyed on each call: the\n        # "
    yield str(('scalars, the ' if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars') else cond_expr_undefined("the inline if-expression on line 90 in '_gemm_launcher.py.j2' evaluated to false and no else section was defined.")))
    yield "outputs (allocated, passed in or the tuner's scratch)"
    yield str((', the descriptors' if (undefined(name='host_descs') if l_0_host_descs is missing else l_0_host_descs) else cond_expr_undefined("the inline if-expression on line 90 in '_gemm_launcher.py.j2' evaluated to false and no else section was defined.")))
    yield str((' and the split-K buffers' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k') else cond_expr_undefined("the inline if-expression on line 90 in '_gemm_launcher.py.j2' evaluated to false and no else section was defined.")))
    yield '.\n        _fast.launch_known(\n            _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_calls.launches,\n            None if signature is None else (signature, tuple(config.items())),\n            ('
    for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        _loop_vars = {}
        pass
        yield str(environment.getattr(l_1_p, 'name'))
        yield ', '
    l_1_p = missing
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield str(environment.getattr(l_1_t, 'name'))
        yield ', '
    l_1_t = missing
    if (undefined(name='host_descs') if l_0_host_descs is missing else l_0_host_descs):
        pass
        yield '_'
        yield str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'role'))
        yield '_desc, _'
        yield str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'role'))
        yield '_desc, '
        for l_1_o in (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
            _loop_vars = {}
            pass
            yield '_'
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield '_desc, '
        l_1_o = missing
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield '_ws, _count, '
    yield '),\n            '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel,\n            grid,\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
        _loop_vars = {}
        pass
        yield '            '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ',\n'
    l_1_t = missing
    for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        _loop_vars = {}
        pass
        yield '            '
        yield str(environment.getattr(l_1_p, 'name'))
        yield ',\n'
    l_1_p = missing
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield '            '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ',\n'
    l_1_t = missing
    yield '            size_m,\n            size_n,\n            size_k,\n'
    if (undefined(name='batched') if l_0_batched is missing else l_0_batched):
        pass
        yield '            size_batch,\n'
        for l_1_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_args'):
            _loop_vars = {}
            pass
            yield '            '
            yield str(l_1_d)
            yield ',\n'
        l_1_d = missing
    for l_1_t in (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors):
        _loop_vars = {}
        pass
        for (l_2_axis, l_2_stride) in environment.getattr(l_1_t, 'strides'):
            _loop_vars = {}
            pass
            yield '            '
            yield str(environment.getattr(l_1_t, 'name'))
            yield '.stride('
            yield str(l_2_axis)
            yield '),\n'
        l_2_axis = l_2_stride = missing
    l_1_t = missing
    if (undefined(name='host_descs') if l_0_host_descs is missing else l_0_host_descs):
        pass
        yield '            _'
        yield str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'role'))
        yield '_desc,\n            _'
        yield str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'role'))
        yield '_desc,\n'
        for l_1_o in (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
            _loop_vars = {}
            pass
            yield '            _'
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield '_desc,\n'
        l_1_o = missing
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield '            _ws,\n            _count,\n'
    yield '            BLOCK_M=config["block_m"],\n            BLOCK_N=config["block_n"],\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'tail'):
        pass
        yield '            BLOCK_N2=config["block_n2"],\n'
    yield '            BLOCK_K=config["block_k"],\n            GROUP_M=config["group_m"],\n'
    if (undefined(name='many') if l_0_many is missing else l_0_many):
        pass
        yield '            ADDRESSING=config["addressing"],\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_dtype'):
        pass
        yield '            DOT_DTYPE=tl.float32 if _args.interpreting() else tl.'
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_dtype'))
        yield ',\n'
    yield '            PERSISTENT=grid[0] < num_tiles,\n            FLATTEN=config["flatten"],\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield '            SPLIT_K=split_k,\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield "            # 64-bit also where the split-K workspace's offsets pass 2**31.\n            INDEX_64=_index_64 or (_ws is not None and _ws.numel() >= 2**31),\n"
    else:
        pass
        yield '            INDEX_64=_index_64,\n'
    yield '            num_warps=config["warps"],\n            num_stages=config["stages"],\n        )\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield "        # The arrival counts go back to this stream's pool once the launch is queued: each\n        # tile's last program resets its count (a launch that raised gives them up).\n        _gemm.gemm_split_k_done(_pool, _count)\n"
    yield '\n    # Block configuration, addressing and persistence: pinned, cached or tuned (see tilegen.runtime.gemm.gemm_config).\n    config = _gemm.gemm_config(_'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_gemm, schedule, device, (size_batch, size_m, size_n, size_k), _tma_ok, _launch, ('
    yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield ',), _narrow, _b_k_major)\n    _launch(config, '
    yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield ')\n    _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_launcher.last_config = dict(config, pad_k='
    yield str(('_k_pad' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pad_k') else '0'))
    yield ')  # (a parameter or local may be called '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield ')\n    return '
    yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n\n\n_'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_launcher = '
    yield str(t_4(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name')))
    yield '\n'
    yield str(t_4(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name')))
    yield '.last_config = None  # how the last call launched: block sizes, addressing, ...\n\n\n'

blocks = {}
debug_info = '4=63&5=65&6=67&7=69&8=71&9=81&10=83&11=85&12=87&13=89&14=91&18=93&19=100&20=102&22=106&23=109&24=111&29=121&30=123&33=126&39=129&41=135&42=138&44=155&46=164&49=168&53=171&54=173&55=175&57=180&61=183&62=185&66=189&70=192&75=199&78=202&80=210&81=214&83=221&84=225&87=231&90=233&92=238&94=240&95=270&97=272&98=276&100=279&101=283&103=286&104=290&109=294&111=297&112=301&115=304&116=307&117=311&120=317&121=320&122=322&123=324&124=328&127=331&133=335&138=339&141=342&142=345&146=348&149=351&158=358&165=362&166=366&167=368&168=374&171=376&172=380'