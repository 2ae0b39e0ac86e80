package checkpoint

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/promote-dev/promote/internal/safein"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// plan is a conversion worked out from the headers: every output tensor
// with the producer of its bytes, what was dropped, the new config.json.
type plan struct {
	op      string
	to      dtype.DType
	mode    string
	ck      *Checkpoint
	outputs []*output
	// reps, when not nil, holds the report of every output, output o's
	// at reps[o.ri] (a planner allocating them in bulk): execute then
	// puts them in file order where they are instead of copying them.
	reps    []TensorReport
	dropped []TensorReport
	// recast is the target of the plan's recastProducers.
	recast *recastTarget
	// config is the output's config.json; nil copies the input's as it is.
	config     []byte
	configNote string
	notes      []string
	// dropSide names side files not copied (ModelOpt's
	// hf_quant_config.json once the weights are wide); newSide holds
	// side files written beside a directory output, replacing any of the
	// input's of the same name (hf_quant_config.json of an NVFP4 quant).
	dropSide []string
	newSide  map[string][]byte
	// toName, when set, names the target in the report where to's dtype
	// does not ("nvfp4": its values are f4e2m1fn).
	toName string
}

// output is one tensor of the output.
type output struct {
	// id gives the output's name and shape, and the input shard it comes
	// from (default sharding): the source tensor itself for a copy or a
	// conversion, not a copy of its name and shape (a plan may hold a
	// million tiny tensors); a Tensor made for it otherwise.
	id   *Tensor
	dt   dtype.DType
	ri   int32 // the position of rep in plan.reps, when set
	prod producer
	rep  *TensorReport // nil: not in the report's table (never)
}

func (o *output) bytes() int64 {
	b, _ := safetensors.ByteSize(o.dt, numElements(o.id.Shape))
	return b
}

// numElements is the product of a shape's dimensions.
func numElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// outShard is one output file.
type outShard struct {
	name    string
	outputs []*output
	meta    map[string]string
	// outputs are in the file's order once laidOut has run.
	size     int64 // the file's bytes: 8, the header's, the data's
	dataSize int64 // the data's bytes
}

// execute runs a plan: to the path out, or, when w is not nil, as one
// .safetensors stream to w (out then names it in messages).
func execute(ctx context.Context, p *plan, out string, w io.Writer, o Options) (*Report, error) {
	start := time.Now()
	ck := p.ck
	to := p.to.String()
	if p.toName != "" {
		to = p.toName
	}
	rep := &Report{Operation: p.op, Input: ck.path, Output: out, To: to, Mode: p.mode, DryRun: o.DryRun,
		Config: p.configNote, Notes: slices.Clone(p.notes)}

	// The shape of the output: a file for a file (unless it is to be
	// sharded), a directory for a directory or an index (unless out names
	// a .safetensors file, for a checkpoint that fits one).
	asFile := w != nil
	switch {
	case asFile:
	case ck.kind == File:
		asFile = o.MaxShardSize == 0
	default:
		asFile = strings.HasSuffix(out, ".safetensors")
	}
	shards, indexName, err := assignShards(p, out, asFile, o)
	if err != nil {
		return nil, err
	}
	for _, s := range shards {
		if err := s.layOut(); err != nil {
			return nil, fmt.Errorf("checkpoint: %s: %w", s.name, err)
		}
	}

	// Side files and the index of a directory output.
	var side []string
	dirPath := out
	if !asFile {
		if strings.HasSuffix(out, IndexSuffix) {
			dirPath = filepath.Dir(out)
		}
		for _, x := range ck.extras {
			if !slices.Contains(p.dropSide, x) {
				side = append(side, x)
			}
		}
		for _, x := range slices.Sorted(maps.Keys(p.newSide)) {
			if !slices.Contains(side, x) {
				side = append(side, x)
			}
		}
	} else if len(ck.extras) > 0 {
		rep.Notes = append(rep.Notes, "the output is one file: "+count(len(ck.extras), "side file", "side files")+" of the input directory (config.json, tokenizer files) "+wereNot(len(ck.extras))+" copied")
	}
	names := make([]string, 0, len(shards)+len(side)+1)
	for _, s := range shards {
		names = append(names, s.name)
	}
	if indexName != "" {
		names = append(names, indexName)
	}
	names = append(names, side...)
	if err := checkNames(names); err != nil {
		return nil, err
	}

	// The destination.
	var d dest
	switch {
	case o.DryRun:
		d = discardDest{}
	case w != nil:
		d = &streamDest{w: w}
	case asFile:
		if d, err = newFileDest(ctx, out); err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
	default:
		if d, err = newDirDest(ctx, dirPath, names, o.NoSync); err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
	}
	defer d.abort()
	rep.Notes = append(rep.Notes, d.notes()...)
	if o.Started != nil {
		o.Started()
	}

	total := int64(0)
	for _, s := range shards {
		total += s.size
	}
	prog := &progress{total: total, fn: o.Progress}
	if err := writeShards(ctx, ck, shards, d, o, prog, p.recast); err != nil {
		return nil, err
	}
	if !asFile {
		if err := writeSide(ck, p, d, side, shards, indexName); err != nil {
			return nil, err
		}
	}
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	if err := d.commit(); err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}

	// The report, its tensors in file order.
	for _, s := range shards {
		rep.Shards = append(rep.Shards, ShardReport{Name: s.name, Tensors: len(s.outputs), Bytes: s.size})
		for _, o := range s.outputs {
			if o.rep != nil {
				o.rep.Shard = s.name
				rep.Total.add(o.rep.Counts)
			}
		}
	}
	if perm := fileOrder(p, shards); perm != nil {
		permute(p.reps, perm)
		rep.Tensors = append(p.reps, p.dropped...)
	} else {
		rep.Tensors = make([]TensorReport, 0, len(p.outputs)+len(p.dropped))
		for _, s := range shards {
			for _, o := range s.outputs {
				if o.rep != nil {
					rep.Tensors = append(rep.Tensors, *o.rep)
				}
			}
		}
		rep.Tensors = append(rep.Tensors, p.dropped...)
	}
	rep.Index = indexName
	if !asFile {
		rep.Copied = side
		rep.Skipped = slices.Clone(ck.skipped)
	}
	for _, s := range ck.shards {
		rep.BytesRead += s.f.Size()
	}
	rep.BytesWritten = prog.done.Load()
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// fileOrder returns, when p.reps holds every output's report once, the
// position in p.reps of each report in file order; nil otherwise.
func fileOrder(p *plan, shards []*outShard) []int32 {
	if p.reps == nil {
		return nil
	}
	n := len(p.reps)
	perm := make([]int32, 0, n)
	seen := make([]bool, n)
	for _, s := range shards {
		for _, o := range s.outputs {
			i := int(o.ri)
			if o.rep == nil || i < 0 || i >= n || seen[i] || o.rep != &p.reps[i] {
				return nil
			}
			seen[i] = true
			perm = append(perm, o.ri)
		}
	}
	if len(perm) != n {
		return nil
	}
	return perm
}

// permute reorders xs in place so that xs[k] becomes the old xs[perm[k]],
// following each cycle of the permutation once; perm is consumed.
func permute(xs []TensorReport, perm []int32) {
	for k := range perm {
		if perm[k] < 0 {
			continue
		}
		tmp := xs[k]
		j := k
		for {
			next := int(perm[j])
			perm[j] = -1
			if next == k {
				xs[j] = tmp
				break
			}
			xs[j] = xs[next]
			j = next
		}
	}
}

// checkNames refuses two output files of the same name.
func checkNames(names []string) error {
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return fmt.Errorf("checkpoint: two output files would be named %s", n)
		}
		seen[n] = true
	}
	return nil
}

// layOut puts the shard's outputs in the order the reference writer lays
// them out (safetensors.CompareLayout) and works out the file's size by
// streaming its header to nowhere, which checks the names and dtypes as
// safetensors.Layout would, holding a few KiB: a shard of a million
// tensors is laid out without a header, spec or name index per tensor.
func (s *outShard) layOut() error {
	outs := s.outputs
	slices.SortStableFunc(outs, func(a, b *output) int {
		return safetensors.CompareLayout(a.spec(), b.spec())
	})
	if err := distinctAcrossDTypes(outs); err != nil {
		return err
	}
	n, data, err := safetensors.WriteHeader(io.Discard, len(outs), func(i int) safetensors.Spec { return outs[i].spec() }, s.meta)
	s.size, s.dataSize = n+data, data
	return err
}

// spec is o's entry in its file's header.
func (o *output) spec() safetensors.Spec {
	return safetensors.Spec{Name: o.id.Name, DType: o.dt, Shape: o.id.Shape}
}

// distinctAcrossDTypes refuses two outputs of one name. The outputs are
// in layout order, by dtype and then by name, so a name used twice within
// a dtype is caught by WriteHeader (names strictly increasing); across
// dtypes this merges the runs of each dtype, already sorted by name,
// comparing each name with the one before.
func distinctAcrossDTypes(outs []*output) error {
	var runs [][]*output
	for i := 0; i < len(outs); {
		j := i + 1
		for j < len(outs) && outs[j].dt == outs[i].dt {
			j++
		}
		runs = append(runs, outs[i:j])
		i = j
	}
	if len(runs) < 2 {
		return nil
	}
	prev := ""
	for first := true; ; first = false {
		k := -1
		for r := range runs {
			if len(runs[r]) > 0 && (k < 0 || runs[r][0].id.Name < runs[k][0].id.Name) {
				k = r
			}
		}
		if k < 0 {
			return nil
		}
		name := runs[k][0].id.Name
		if !first && name == prev {
			return fmt.Errorf("two output tensors are named %q", name)
		}
		prev, runs[k] = name, runs[k][1:]
	}
}

// assignShards puts each output in a shard: the input's sharding (each
// output in the shard of its source, under that shard's name) or, with
// MaxShardSize, new shards filled in input order. It returns the index
// file's name, "" when the output has none.
func assignShards(p *plan, out string, asFile bool, o Options) ([]*outShard, string, error) {
	ck := p.ck
	metaOf := func(si int32) map[string]string {
		if si < 0 || int(si) >= len(ck.shards) {
			return nil
		}
		return ck.shards[si].f.Metadata
	}
	prefix := "model"
	if ck.indexName != "" {
		prefix = strings.TrimSuffix(ck.indexName, IndexSuffix)
	}
	indexName := ck.indexName
	if strings.HasSuffix(out, IndexSuffix) && !asFile {
		indexName = filepath.Base(out)
		prefix = strings.TrimSuffix(indexName, IndexSuffix)
	}
	var shards []*outShard
	switch {
	case asFile:
		s := &outShard{name: filepath.Base(out), outputs: p.outputs}
		if len(ck.shards) == 1 {
			s.meta = metaOf(0)
		} else if len(p.outputs) > 0 {
			s.meta = metaOf(p.outputs[0].id.shard)
		}
		return []*outShard{s}, "", nil
	case o.MaxShardSize > 0:
		var cur *outShard
		var size int64
		for _, op := range p.outputs {
			b := op.bytes()
			if cur == nil || size > 0 && size+b > o.MaxShardSize {
				cur = &outShard{meta: metaOf(op.id.shard)}
				shards = append(shards, cur)
				size = 0
			}
			cur.outputs = append(cur.outputs, op)
			size += b
		}
		if len(shards) == 0 {
			shards = append(shards, &outShard{meta: metaOf(0)})
		}
		if len(shards) == 1 {
			shards[0].name = prefix + ".safetensors"
			return shards, "", nil
		}
		for i, s := range shards {
			s.name = fmt.Sprintf("%s-%05d-of-%05d.safetensors", prefix, i+1, len(shards))
		}
		if indexName == "" {
			indexName = prefix + IndexSuffix
		}
		return shards, indexName, nil
	default:
		byShard := make([]*outShard, len(ck.shards))
		for _, op := range p.outputs {
			s := byShard[op.id.shard]
			if s == nil {
				s = &outShard{name: ck.shards[op.id.shard].name, meta: metaOf(op.id.shard)}
				byShard[op.id.shard] = s
			}
			s.outputs = append(s.outputs, op)
		}
		for _, s := range byShard {
			if s != nil {
				shards = append(shards, s)
			}
		}
		if len(shards) == 0 {
			name := "model.safetensors"
			if len(ck.shards) > 0 {
				name = ck.shards[0].name
			}
			shards = append(shards, &outShard{name: name, meta: metaOf(0)})
		}
		return shards, indexName, nil
	}
}

// writeShards writes the shards, as many at once as there are threads;
// the first error (or the context's cancellation) stops every worker.
func writeShards(ctx context.Context, ck *Checkpoint, shards []*outShard, d dest, o Options, prog *progress, recast *recastTarget) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	workers := max(1, min(o.Threads, len(shards)))
	budget := o.Memory / int64(workers)
	chunk := o.ChunkSize
	if chunk == 0 {
		chunk = min(8<<20, max(64<<10, budget/16))
	}
	// Shards in order of size, largest first, so that the last one to
	// finish is small.
	order := make([]int, len(shards))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return int(shards[b].dataSize>>20) - int(shards[a].dataSize>>20)
	})
	next := make(chan int, len(shards))
	for _, i := range order {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	var remaining = len(shards)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{ctx: ctx, ck: ck, chunk: chunk, budget: budget, prog: prog, threads: 1, recast: recast}
			for i := range next {
				if context.Cause(ctx) != nil {
					return
				}
				// When fewer shards remain than threads, a shard's chunks
				// are split across the idle threads.
				mu.Lock()
				wk.threads = max(1, o.Threads/max(1, min(remaining, workers)))
				remaining--
				mu.Unlock()
				if err := writeShard(wk, shards[i], d); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return context.Cause(ctx)
}

// writeShard writes one output file: header, then each tensor's bytes
// in header order.
func writeShard(wk *worker, s *outShard, d dest) error {
	f, err := d.create(s.name)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	cw := &countingWriter{w: f, prog: wk.prog, ctx: wk.ctx}
	bw := bufio.NewWriterSize(cw, 64<<10)
	outs := s.outputs
	if _, _, err := safetensors.WriteHeader(bw, len(outs), func(i int) safetensors.Spec { return outs[i].spec() }, s.meta); err != nil {
		return fmt.Errorf("checkpoint: %s: %w", s.name, err)
	}
	// Each producer writes exactly its tensor's bytes: what
	// safetensors.Writer checks, without the header it would hold.
	lw := &exactWriter{w: bw}
	for _, o := range outs {
		var c *Counts
		if o.rep != nil {
			c = &o.rep.Counts
		}
		lw.name, lw.left = o.id.Name, o.bytes()
		err := o.prod.write(wk, lw, c)
		if err == nil && lw.left != 0 {
			err = fmt.Errorf("%s: tensor %q: %d of its bytes were not written", s.name, o.id.Name, lw.left)
		}
		if err != nil {
			if cause := context.Cause(wk.ctx); cause != nil {
				return cause
			}
			return fmt.Errorf("checkpoint: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return f.finish()
}

// exactWriter passes at most left bytes of tensor name on to w.
type exactWriter struct {
	w    io.Writer
	name string
	left int64
}

func (e *exactWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > e.left {
		return 0, fmt.Errorf("tensor %q: %d bytes written past its size", e.name, int64(len(p))-e.left)
	}
	n, err := e.w.Write(p)
	e.left -= int64(n)
	return n, err
}

// writeSide copies the side files (config.json replaced by the plan's)
// and writes the index.
func writeSide(ck *Checkpoint, p *plan, d dest, side []string, shards []*outShard, indexName string) error {
	for _, name := range side {
		f, err := d.create(name)
		if err != nil {
			return fmt.Errorf("checkpoint: %w", err)
		}
		if b, ok := p.newSide[name]; ok {
			if _, err := f.Write(b); err != nil {
				return fmt.Errorf("checkpoint: %w", err)
			}
		} else if name == "config.json" && p.config != nil {
			if _, err := f.Write(p.config); err != nil {
				return fmt.Errorf("checkpoint: %w", err)
			}
		} else if err := copyFile(f, filepath.Join(ck.dir, name)); err != nil {
			return err
		}
		if err := f.finish(); err != nil {
			return fmt.Errorf("checkpoint: %w", err)
		}
	}
	if indexName == "" {
		return nil
	}
	wm := map[string]string{}
	var size, params int64
	for _, s := range shards {
		for _, o := range s.outputs {
			wm[o.id.Name] = s.name
			size += o.bytes()
			params += numElements(o.id.Shape)
		}
	}
	var meta []member
	if ck.index != nil {
		meta = ck.index.metadata
		if !ck.index.hasParams {
			params = -1
		}
	} else {
		params = -1
	}
	b, err := encodeIndex(meta, size, params, wm)
	if err != nil {
		return fmt.Errorf("checkpoint: %s: %w", indexName, err)
	}
	f, err := d.create(indexName)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if _, err := f.Write(b); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return f.finish()
}

func copyFile(w io.Writer, path string) error {
	f, err := safein.OpenRegular(path)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	defer f.Close()
	if _, err := io.Copy(w, f); err != nil {
		return fmt.Errorf("checkpoint: copying %s: %w", path, err)
	}
	return nil
}

// wereNot is "was not" for one, "were not" for more.
func wereNot(n int) string {
	if n == 1 {
		return "was not"
	}
	return "were not"
}
