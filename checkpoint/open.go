package checkpoint

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/promote-dev/promote/internal/safein"
	"github.com/promote-dev/promote/internal/safeout"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// Kind is the shape a checkpoint has on disk.
type Kind int

const (
	// File is a single .safetensors file.
	File Kind = iota
	// Directory is a directory of shards, with an index file or without.
	Directory
	// Index is a model.safetensors.index.json named directly; its shards
	// and the other files beside it make the checkpoint.
	Index
)

// String returns "file", "directory" or "index".
func (k Kind) String() string {
	switch k {
	case File:
		return "file"
	case Directory:
		return "directory"
	case Index:
		return "index"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// IndexSuffix ends the name of a sharded checkpoint's index file
// (model.safetensors.index.json; diffusers' diffusion_pytorch_model...).
const IndexSuffix = ".safetensors.index.json"

// Limits on the side files read whole, so a hostile checkpoint costs
// bounded memory.
const (
	// MaxIndexSize bounds an index file (DeepSeek-V3's, for 91 thousand
	// tensors, is under 9 MB).
	MaxIndexSize = 256 << 20
	// MaxConfigSize bounds config.json.
	MaxConfigSize = 16 << 20
)

// Checkpoint is an opened checkpoint: its shards' headers (no tensor data
// is read until a conversion streams it), its index, its config.json and
// the other files of its directory. Open returns one; Close releases its
// files. A Checkpoint is safe for concurrent reads.
type Checkpoint struct {
	path string
	kind Kind
	dir  string // the directory of the shards and side files

	index     *index // nil without an index file
	indexName string // the index file's base name, "" without one

	shards  []*shard
	tensors []Tensor // every tensor, shard by shard in file order
	// byName holds the positions in tensors ordered by name, for find's
	// binary search: 4 bytes a tensor where a map costs about 56 (a
	// checkpoint may hold a million tiny tensors). The shards' own
	// headers give up their tensor lists and name indexes once tensors is
	// made, so that each tensor is held once.
	byName []int32

	config []byte // config.json, nil when absent or for a File

	extras  []string // other regular files of dir, copied to an output directory
	skipped []string // entries of dir that are not copied, with why
}

// shard is one open .safetensors file of a checkpoint.
type shard struct {
	name string // base name
	f    *safetensors.File
}

// Tensor describes one tensor of a checkpoint.
type Tensor struct {
	Name  string
	DType dtype.DType
	// shard is the position of the file holding it in Checkpoint.shards
	// (placed here, beside DType, to fill the padding after it).
	shard int32
	Shape []int64
	// Shard is the base name of the file holding it.
	Shard string

	// begin and end are the tensor's data_offsets in its shard: with the
	// fields above they are its safetensors.TensorInfo, kept without a
	// second copy of the name and shape headers (a checkpoint of a
	// million tiny tensors holds a million of these).
	begin, end int64
}

// info returns t's entry in its shard's header.
func (t *Tensor) info() safetensors.TensorInfo {
	return safetensors.TensorInfo{Name: t.Name, DType: t.DType, Shape: t.Shape, Begin: t.begin, End: t.end}
}

// tensorOf makes the Tensor of entry ti of shard si (named shard).
func tensorOf(ti *safetensors.TensorInfo, shard string, si int) Tensor {
	return Tensor{Name: ti.Name, DType: ti.DType, Shape: ti.Shape, Shard: shard, begin: ti.Begin, end: ti.End, shard: int32(si)}
}

// Open opens a checkpoint: a .safetensors file, a directory holding
// shards (with a *.safetensors.index.json or without), or an index file.
// It reads and checks every shard's header and the index, so that a
// checkpoint whose index names a missing shard or a tensor twice, or
// whose shards disagree with the index, is refused before any work, with
// an error naming the file, the tensor and the fault.
func Open(path string) (*Checkpoint, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	c := &Checkpoint{path: path}
	switch {
	case st.IsDir():
		c.kind, c.dir = Directory, path
		err = c.openDir()
	case strings.HasSuffix(path, ".json"):
		c.kind, c.dir = Index, filepath.Dir(path)
		c.indexName = filepath.Base(path)
		err = c.openIndexed()
	case st.Mode().IsRegular():
		c.kind, c.dir = File, filepath.Dir(path)
		err = c.openShards([]string{filepath.Base(path)})
	default:
		err = fmt.Errorf("checkpoint: %s is %s, not a .safetensors file, a directory or an index file", path, kindOf(st.Mode()))
	}
	if err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// OpenReader opens a single .safetensors file held by r, of size bytes
// (a file being downloaded, a section of an archive); name names it in
// errors and reports. The Checkpoint reads r on demand; Close does not
// close r.
func OpenReader(r io.ReaderAt, size int64, name string) (*Checkpoint, error) {
	f, err := safetensors.NewReader(r, size, name)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	c := &Checkpoint{path: name, kind: File, dir: "."}
	c.shards = append(c.shards, &shard{name: filepath.Base(name), f: f})
	if err := c.indexTensors(); err != nil {
		return nil, err
	}
	return c, nil
}

// openDir finds the index, or else the .safetensors files, of a directory.
func (c *Checkpoint) openDir() error {
	ents, err := os.ReadDir(c.dir)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	var indexes, files []string
	for _, e := range ents {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."):
		case strings.HasSuffix(name, IndexSuffix):
			indexes = append(indexes, name)
		case strings.HasSuffix(name, ".safetensors"):
			files = append(files, name)
		}
	}
	switch {
	case len(indexes) == 1:
		c.indexName = indexes[0]
	case len(indexes) > 1 && slices.Contains(indexes, "model"+IndexSuffix):
		c.indexName = "model" + IndexSuffix
	case len(indexes) > 1:
		return fmt.Errorf("checkpoint: %s holds %d index files (%s); name the one to use", c.dir, len(indexes), strings.Join(indexes, ", "))
	}
	if c.indexName != "" {
		return c.openIndexed()
	}
	if len(files) == 0 {
		return fmt.Errorf("checkpoint: %s holds no .safetensors file and no *%s", c.dir, IndexSuffix)
	}
	slices.Sort(files)
	if err := c.openShards(files); err != nil {
		return err
	}
	return c.scanSideFiles(files)
}

// openIndexed reads the index, opens the shards it names and checks that
// the two agree.
func (c *Checkpoint) openIndexed() error {
	ipath := filepath.Join(c.dir, c.indexName)
	ix, err := readIndex(ipath)
	if err != nil {
		return err
	}
	c.index = ix
	if err := c.openShards(ix.shards); err != nil {
		return err
	}
	// Every tensor of the index is in the shard it names, and every
	// tensor of a shard is in the index under that shard.
	for _, e := range ix.entries {
		i, ok := c.find(e.tensor)
		if !ok {
			return fmt.Errorf("checkpoint: %s: tensor %q is in shard %s by the index, but no shard holds it", ipath, e.tensor, e.shard)
		}
		if got := c.tensors[i].Shard; got != e.shard {
			return fmt.Errorf("checkpoint: %s: tensor %q is in shard %s by the index, but shard %s holds it", ipath, e.tensor, e.shard, got)
		}
	}
	if len(c.tensors) != len(ix.entries) {
		for _, t := range c.tensors {
			if _, ok := ix.byTensor[t.Name]; !ok {
				return fmt.Errorf("checkpoint: %s: shard %s holds tensor %q, which the index does not list", ipath, t.Shard, t.Name)
			}
		}
	}
	used := map[string]bool{c.indexName: true}
	for _, s := range ix.shards {
		used[s] = true
	}
	return c.scanSideFiles(slices.Collect(maps.Keys(used)))
}

// openShards opens the named files of c.dir and indexes their tensors.
func (c *Checkpoint) openShards(names []string) error {
	for _, name := range names {
		f, err := safetensors.Open(filepath.Join(c.dir, name))
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && c.index != nil {
				return fmt.Errorf("checkpoint: %s: the index names shard %s, which does not exist", filepath.Join(c.dir, c.indexName), name)
			}
			return fmt.Errorf("checkpoint: %w", err)
		}
		c.shards = append(c.shards, &shard{name: name, f: f})
	}
	return c.indexTensors()
}

// indexTensors makes c.tensors from the open shards' headers, once at its
// size, and then drops each header's own tensor list and name index,
// which would hold every tensor a second time; it then orders the
// tensors by name for find. A tensor held by two shards is refused.
func (c *Checkpoint) indexTensors() error {
	n := 0
	for _, s := range c.shards {
		n += len(s.f.Tensors)
	}
	if n > math.MaxInt32 {
		return fmt.Errorf("checkpoint: %d tensors, past the %d a checkpoint may hold", n, math.MaxInt32)
	}
	c.tensors = make([]Tensor, 0, n)
	for si, s := range c.shards {
		for i := range s.f.Tensors {
			c.tensors = append(c.tensors, tensorOf(&s.f.Tensors[i], s.name, si))
		}
		// The File is used only to read tensors by their TensorInfo (see
		// Tensor.info) and for its metadata.
		s.f.Header = safetensors.Header{Metadata: s.f.Metadata}
	}
	c.byName = make([]int32, n)
	for i := range c.byName {
		c.byName[i] = int32(i)
	}
	// Ties (one name in two shards) stay in shard order, so that the
	// error below names the shards as they were opened. Checkpoints are
	// usually laid out by name already, which the sort finds in linear
	// time.
	slices.SortFunc(c.byName, func(a, b int32) int {
		if x := strings.Compare(c.tensors[a].Name, c.tensors[b].Name); x != 0 {
			return x
		}
		return cmp.Compare(a, b)
	})
	for k := 1; k < len(c.byName); k++ {
		a, b := &c.tensors[c.byName[k-1]], &c.tensors[c.byName[k]]
		if a.Name == b.Name {
			// One shard's parser refused a name used twice in its header.
			return fmt.Errorf("checkpoint: tensor %q is in two shards, %s and %s", a.Name, a.Shard, b.Shard)
		}
	}
	return nil
}

// scanSideFiles records the files beside the shards: config.json is read;
// other regular files (a symbolic link counts as its target, as in a
// Hugging Face cache snapshot) are copied to an output directory; hidden
// files, subdirectories and .safetensors files the checkpoint does not use
// are not.
func (c *Checkpoint) scanSideFiles(used []string) error {
	ents, err := os.ReadDir(c.dir)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	isUsed := map[string]bool{}
	for _, u := range used {
		isUsed[u] = true
	}
	for _, e := range ents {
		name := e.Name()
		if isUsed[name] || strings.HasPrefix(name, ".") {
			continue
		}
		st, err := os.Stat(filepath.Join(c.dir, name))
		switch {
		case err != nil:
			c.skipped = append(c.skipped, name+" (unreadable: "+safeout.Cause(err).Error()+")")
		case st.IsDir():
			c.skipped = append(c.skipped, name+"/ (a subdirectory)")
		case !st.Mode().IsRegular():
			c.skipped = append(c.skipped, name+" ("+kindOf(st.Mode())+")")
		case strings.HasSuffix(name, ".safetensors") || strings.HasSuffix(name, IndexSuffix):
			c.skipped = append(c.skipped, name+" (not part of the checkpoint the index describes)")
		default:
			c.extras = append(c.extras, name)
		}
	}
	if slices.Contains(c.extras, "config.json") {
		b, err := readBounded(filepath.Join(c.dir, "config.json"), MaxConfigSize)
		if err != nil {
			return err
		}
		c.config = b
	}
	return nil
}

// readBounded reads a whole file of at most limit bytes.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := safein.OpenRegular(path)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("checkpoint: %s: %d bytes, past the limit of %d for this file", path, st.Size(), limit)
	}
	b := make([]byte, st.Size())
	if _, err := f.ReadAt(b, 0); err != nil && st.Size() > 0 {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	return b, nil
}

// Close closes the shards.
func (c *Checkpoint) Close() error {
	var first error
	for _, s := range c.shards {
		if err := s.f.Close(); err != nil && first == nil {
			first = err
		}
	}
	c.shards = nil
	return first
}

// Path returns the path Open was given.
func (c *Checkpoint) Path() string { return c.path }

// Kind returns the checkpoint's shape on disk.
func (c *Checkpoint) Kind() Kind { return c.kind }

// Tensors returns every tensor, shard by shard in file order. The slice
// is the Checkpoint's own: do not change it.
func (c *Checkpoint) Tensors() []Tensor { return c.tensors }

// Lookup returns the named tensor.
func (c *Checkpoint) Lookup(name string) (Tensor, bool) {
	i, ok := c.find(name)
	if !ok {
		return Tensor{}, false
	}
	return c.tensors[i], true
}

// Shards returns the base names of the shard files, in the order they
// were opened (the index's order of first mention, or sorted).
func (c *Checkpoint) Shards() []string {
	out := make([]string, len(c.shards))
	for i, s := range c.shards {
		out[i] = s.name
	}
	return out
}

// Config returns config.json's bytes, nil when the checkpoint has none
// (a single file has none).
func (c *Checkpoint) Config() []byte { return c.config }

// SideFiles returns the files of the checkpoint's directory that an
// output directory receives as they are (config.json rewritten where a
// conversion changes the quantization), and those that it does not, each
// with the reason.
func (c *Checkpoint) SideFiles() (copied, skipped []string) {
	return slices.Clone(c.extras), slices.Clone(c.skipped)
}

// shardOf returns the open shard holding t.
func (c *Checkpoint) shardOf(t *Tensor) *safetensors.File { return c.shards[t.shard].f }

// readAt reads len(p) bytes of t's data from byte off of the tensor.
func (c *Checkpoint) readAt(t *Tensor, p []byte, off int64) error {
	return c.shardOf(t).ReadAt(t.info(), p, off)
}

// file returns the path of the shard holding t, for errors.
func (c *Checkpoint) file(t *Tensor) string {
	if c.kind == File {
		return c.path
	}
	return filepath.Join(c.dir, t.Shard)
}

// bytes returns t's byte count in its file.
func (t *Tensor) bytes() int64 { return t.end - t.begin }

// elems returns t's element count.
func (t *Tensor) elems() int64 {
	info := t.info()
	n, _ := info.NumElements()
	return n
}

// find returns the position of the named tensor in c.tensors, by binary
// search of byName.
func (c *Checkpoint) find(name string) (int, bool) {
	k, ok := slices.BinarySearchFunc(c.byName, name, func(i int32, name string) int {
		return strings.Compare(c.tensors[i].Name, name)
	})
	if !ok {
		return 0, false
	}
	return int(c.byName[k]), true
}
