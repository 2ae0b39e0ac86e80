package checkpoint

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// quantConfig is the part of config.json's quantization_config promote
// reads.
//
// Sources: DeepSeek-V3's config.json ({"quant_method": "fp8", "fmt":
// "e4m3", "activation_scheme": "dynamic", "weight_block_size": [128,
// 128]}); transformers' FineGrainedFP8Config
// (src/transformers/utils/quantization_config.py: activation_scheme,
// weight_block_size, modules_to_not_convert) and Mxfp4Config
// (modules_to_not_convert, dequantize); vLLM's Fp8Config.from_config
// (vllm/model_executor/layers/quantization/fp8.py: quant_method,
// activation_scheme, ignored_layers, weight_block_size).
type quantConfig struct {
	QuantMethod     string  `json:"quant_method"`
	WeightBlockSize []int64 `json:"weight_block_size"`
}

// readQuantConfig returns config.json's quantization_config, nil when
// there is none.
func readQuantConfig(config []byte) (*quantConfig, error) {
	if config == nil {
		return nil, nil
	}
	var c struct {
		Q *quantConfig `json:"quantization_config"`
	}
	if err := json.Unmarshal(config, &c); err != nil {
		return nil, fmt.Errorf("config.json: %v", err)
	}
	return c.Q, nil
}

// editConfig returns config.json with the top-level keys in drop removed
// and those in set given the new values (raw JSON), keeping the other
// keys, their order and their values; new keys go at the end. The object
// is written with two spaces of indent, as transformers writes it.
func editConfig(config []byte, set []member, drop ...string) ([]byte, error) {
	ms, err := objectMembers(config)
	if err != nil {
		return nil, fmt.Errorf("config.json: %w", err)
	}
	dropped := map[string]bool{}
	for _, k := range drop {
		dropped[k] = true
	}
	var out []member
	for _, m := range ms {
		if dropped[m.key] {
			continue
		}
		for i, s := range set {
			if s.key == m.key {
				m.value = s.value
				set = append(set[:i:i], set[i+1:]...)
				break
			}
		}
		out = append(out, m)
	}
	out = append(out, set...)
	var buf bytes.Buffer
	if err := writeObject(&buf, out, ""); err != nil {
		return nil, fmt.Errorf("config.json: %w", err)
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// hasKey reports whether config.json has the top-level key.
func hasKey(config []byte, key string) bool {
	ms, err := objectMembers(config)
	if err != nil {
		return false
	}
	for _, m := range ms {
		if m.key == key {
			return true
		}
	}
	return false
}

// torchDTypeName is a float dtype's name in config.json's torch_dtype
// (transformers writes str(torch.dtype) without "torch.").
func torchDTypeName(d string) string {
	switch d {
	case "bf16":
		return "bfloat16"
	case "f16":
		return "float16"
	case "f32":
		return "float32"
	case "f64":
		return "float64"
	}
	return ""
}

// dtypeMembers sets torch_dtype, and dtype (its name from transformers
// v4.56 on), to the target wherever config.json already has them.
func dtypeMembers(config []byte, target string) []member {
	name := torchDTypeName(target)
	if name == "" {
		return nil
	}
	var out []member
	for _, k := range []string{"torch_dtype", "dtype"} {
		if hasKey(config, k) {
			out = append(out, member{k, json.RawMessage(`"` + name + `"`)})
		}
	}
	return out
}
