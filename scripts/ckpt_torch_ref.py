# The reference CPU path for scripts/ckpt-bench.sh: PyTorch dequantizing a
# DeepSeek-style FP8 checkpoint (f8e4m3fn weights with 128x128 block
# weight_scale_inv) to bf16 the way the CPU ports of DeepSeek's
# fp8_cast_bf16.py do: shard by shard, each weight widened to float32,
# multiplied by its block scale, cast to bfloat16, the shard written out
# with its other tensors and without the scales. A gpt-oss-style MXFP4
# checkpoint (*_blocks and *_scales) goes the way transformers'
# convert_moe_packed_tensors does it (src/transformers/integrations/
# mxfp4.py): the FP4 values from a bfloat16 table, low nibble first,
# torch.ldexp by scale - 127, reshaped and, for experts, transposed to
# [E, 32G, R]; the output is named without "_blocks". Debian's python3-torch
# has no safetensors package, so the files are read and written here
# directly (header JSON, then the data buffer).
#
# Usage: python3 ckpt_torch_ref.py IN_DIR OUT_DIR [THREADS]
import json, os, struct, sys, mmap
import torch

src, dst = sys.argv[1], sys.argv[2]
if len(sys.argv) > 3:
    torch.set_num_threads(int(sys.argv[3]))
os.makedirs(dst, exist_ok=True)
DT = {"F8_E4M3": torch.float8_e4m3fn, "F32": torch.float32, "BF16": torch.bfloat16, "U8": torch.uint8}
NAME = {torch.bfloat16: "BF16", torch.float32: "F32", torch.float8_e4m3fn: "F8_E4M3", torch.uint8: "U8"}


def read(path):
    f = open(path, "rb")
    n = struct.unpack("<Q", f.read(8))[0]
    header = json.loads(f.read(n))
    header.pop("__metadata__", None)
    mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    out = {}
    for name, e in header.items():
        b, end = e["data_offsets"]
        raw = torch.frombuffer(memoryview(mm)[8 + n + b:8 + n + end], dtype=torch.uint8)
        out[name] = raw.view(DT[e["dtype"]]).reshape(e["shape"]).clone()
    return out


def write(path, tensors):
    header, off = {"__metadata__": {"format": "pt"}}, 0
    for name, t in tensors.items():
        size = t.numel() * t.element_size()
        header[name] = {"dtype": NAME[t.dtype], "shape": list(t.shape), "data_offsets": [off, off + size]}
        off += size
    js = json.dumps(header, separators=(",", ":")).encode()
    js += b" " * (-len(js) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(js)) + js)
        for t in tensors.values():
            f.write(t.contiguous().view(torch.uint8).numpy().tobytes())


def dequant(w, s, block=128):
    m, n = w.shape
    se = s.repeat_interleave(block, 0)[:m].repeat_interleave(block, 1)[:, :n]
    return (w.to(torch.float32) * se).to(torch.bfloat16)


FP4 = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0]


def dequant_mx(blocks, scales):
    *lead, g, _ = blocks.shape
    rows = blocks.numel() // 16
    blk = blocks.reshape(rows, 16)
    exp = scales.to(torch.int32).reshape(rows, 1) - 127
    lut = torch.tensor(FP4, dtype=torch.bfloat16)
    out = torch.empty(rows, 32, dtype=torch.bfloat16)
    out[:, 0::2] = lut[(blk & 0x0F).to(torch.long)]
    out[:, 1::2] = lut[(blk >> 4).to(torch.long)]
    torch.ldexp(out, exp, out=out)
    out = out.reshape(*lead, g * 32)
    if len(lead) == 2:
        out = out.transpose(1, 2)
    return out.contiguous()


index = json.load(open(os.path.join(src, "model.safetensors.index.json")))
shards = sorted(set(index["weight_map"].values()))
for shard in shards:
    ts = read(os.path.join(src, shard))
    out = {}
    for name, t in ts.items():
        if name.endswith("_scale_inv") or name.endswith("_scales"):
            continue
        if name.endswith("_blocks"):
            out[name[:-len("_blocks")]] = dequant_mx(t, ts[name[:-len("_blocks")] + "_scales"])
        elif t.dtype == torch.float8_e4m3fn:
            out[name] = dequant(t, ts[name + "_scale_inv"])
        else:
            out[name] = t
    write(os.path.join(dst, shard), out)
