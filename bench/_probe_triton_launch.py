import sys, time, torch, triton
sys.path.insert(0, ".")
from generated import reductions, elementwise
import torch.nn.functional as F
from triton.runtime import driver
from triton import knobs

def per_call(fn, n=2000):
    for _ in range(200): fn()
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(n): fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - t) / n * 1e6

x = torch.randn(4, 64, device="cuda", dtype=torch.bfloat16)
w = torch.randn(64, device="cuda", dtype=torch.bfloat16)
y = torch.empty_like(x)
a = torch.randn(64, device="cuda"); b = torch.randn(64, device="cuda"); o = torch.empty_like(a)
print("rmsnorm launcher", per_call(lambda: reductions.rmsnorm(x, w)))
print("F.rms_norm", per_call(lambda: F.rms_norm(x, (64,), w, 1e-6)))
print("add launcher", per_call(lambda: elementwise.add(a, b)))
print("a+b", per_call(lambda: a + b))
k = elementwise.add_kernel
args = (a, b, o, 64, 1, 1, 1)
kw = dict(BLOCK=1024, FLAT=True, INDEX_64=False, num_warps=4)
print("add_kernel[grid] only", per_call(lambda: k[(1,)](*args, **kw)))
ck = k[(1,)](*args, **kw)
print(type(ck), ck.src.signature if hasattr(ck.src, "signature") else None)
dev = driver.active.get_current_device()
get_stream = driver.active.get_current_stream
def direct():
    stream = get_stream(dev)
    ck.run(1, 1, 1, stream, ck.function, ck.packed_metadata, None, knobs.runtime.launch_enter_hook, knobs.runtime.launch_exit_hook, a, b, o, 64, 1, 1, 1, 1024, True, False)
direct(); torch.cuda.synchronize()
print("direct ck.run", per_call(direct))
o.zero_(); direct(); torch.cuda.synchronize(); print("direct correct", torch.equal(o, a + b))
print("empty", per_call(lambda: torch.empty(64, device="cuda")))
import cProfile, pstats
pr = cProfile.Profile(); pr.enable()
for _ in range(2000): reductions.rmsnorm(x, w)
pr.disable(); pstats.Stats(pr).sort_stats("tottime").print_stats(18)
