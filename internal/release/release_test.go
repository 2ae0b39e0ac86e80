package release

import (
	"slices"
	"testing"
)

func TestNumbersAndLeading(t *testing.T) {
	for _, tt := range []struct {
		in            string
		nums, leading []int
	}{
		{"3.6", []int{3, 6}, []int{3, 6}},
		{"3.6.0", []int{3, 6, 0}, []int{3, 6}},
		{"2.11.0+cu130", nil, []int{2, 11}},
		{"1.13.0a0", nil, []int{1, 13}},
		{"main", nil, nil},
		{"", nil, nil},
		{"2024.12", []int{2024, 12}, []int{2024, 12}},
	} {
		if got, _ := Numbers(tt.in); !slices.Equal(got, tt.nums) {
			t.Errorf("Numbers(%q) = %v, want %v", tt.in, got, tt.nums)
		}
		if got, _ := Leading(tt.in); !slices.Equal(got, tt.leading) {
			t.Errorf("Leading(%q) = %v, want %v", tt.in, got, tt.leading)
		}
	}
	if Compare([]int{3, 6}, []int{3, 6, 0}) != 0 || Compare([]int{3, 7}, []int{3, 6}) != 1 || Compare([]int{2}, []int{2, 1}) != -1 {
		t.Error("Compare orders releases wrongly")
	}
	if !slices.Equal(Cut([]int{14, 2}, 1), []int{14}) {
		t.Error("Cut")
	}
}
