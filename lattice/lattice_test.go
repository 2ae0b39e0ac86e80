package lattice

import (
	"errors"
	"strings"
	"testing"
)

// diamond: a -> b, a -> c, b -> d, c -> d; e isolated; f -> g and f -> h
// with no join above g and h.
func diamond(t *testing.T) *Lattice {
	t.Helper()
	l, err := New([]string{"a", "b", "c", "d", "e", "f", "g", "h"}, []Edge{
		{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}, {"f", "g"}, {"f", "h"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestJoin(t *testing.T) {
	l := diamond(t)
	tests := []struct {
		in   []string
		want string // "" means no bound
	}{
		{[]string{"a"}, "a"},
		{[]string{"a", "a"}, "a"},
		{[]string{"a", "b"}, "b"},
		{[]string{"b", "c"}, "d"},
		{[]string{"a", "b", "c"}, "d"},
		{[]string{"d", "a"}, "d"},
		{[]string{"a", "e"}, ""},
		{[]string{"g", "h"}, ""},
	}
	for _, tt := range tests {
		var nodes []Node
		for _, n := range tt.in {
			x, ok := l.Node(n)
			if !ok {
				t.Fatalf("no node %q", n)
			}
			nodes = append(nodes, x)
		}
		got, err := l.Join(nodes...)
		if tt.want == "" {
			var je *JoinError
			if !errors.As(err, &je) {
				t.Errorf("Join(%v) = %v, %v; want a JoinError", tt.in, got, err)
			}
			continue
		}
		if err != nil || l.Name(got) != tt.want {
			t.Errorf("Join(%v) = %v, %v; want %s", tt.in, l.Name(got), err, tt.want)
		}
	}
}

func TestJoin2MatchesJoin(t *testing.T) {
	l := diamond(t)
	for a := 0; a < l.Len(); a++ {
		for b := 0; b < l.Len(); b++ {
			x, err1 := l.Join2(Node(a), Node(b))
			y, err2 := l.Join(Node(a), Node(b))
			if (err1 == nil) != (err2 == nil) || err1 == nil && x != y {
				t.Errorf("Join2(%s,%s) = %v,%v; Join = %v,%v", l.Name(Node(a)), l.Name(Node(b)), x, err1, y, err2)
			}
		}
	}
}

func TestNewRejects(t *testing.T) {
	if _, err := New([]string{"a", "b"}, []Edge{{"a", "b"}, {"b", "a"}}); err == nil {
		t.Error("cycle accepted")
	}
	if _, err := New([]string{"a"}, []Edge{{"a", "z"}}); err == nil {
		t.Error("unknown node accepted")
	}
	if _, err := New([]string{"a", "a"}, nil); err == nil {
		t.Error("duplicate node accepted")
	}
}

func TestJoin2DoesNotAllocate(t *testing.T) {
	l := diamond(t)
	b, _ := l.Node("b")
	c, _ := l.Node("c")
	if n := testing.AllocsPerRun(100, func() { l.Join2(b, c) }); n != 0 {
		t.Errorf("Join2 allocates %v times", n)
	}
}

// TestCovers: a redundant edge (a -> d, implied by a -> b -> d) is not a
// covering edge; the others are, in node order.
func TestCovers(t *testing.T) {
	l, err := New([]string{"a", "b", "c", "d"}, []Edge{{"b", "d"}, {"a", "d"}, {"a", "b"}, {"a", "c"}, {"c", "d"}})
	if err != nil {
		t.Fatal(err)
	}
	got := l.Covers()
	want := []Edge{{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}}
	if len(got) != len(want) {
		t.Fatalf("Covers() = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Covers()[%d] = %v, want %v", i, got[i], want[i])
		}
	}
}

// TestJoinErrorAmbiguous: two nodes with two incomparable common upper
// bounds have no least one, and the error says so and names the bounds;
// nodes with no common bound at all are told apart.
func TestJoinErrorAmbiguous(t *testing.T) {
	l, err := New([]string{"a", "b", "c", "d", "e"}, []Edge{{"a", "c"}, {"a", "d"}, {"b", "c"}, {"b", "d"}})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := l.Node("a")
	b, _ := l.Node("b")
	e, _ := l.Node("e")
	_, err = l.Join2(a, b)
	var je *JoinError
	if !errors.As(err, &je) || !je.Ambiguous || strings.Join(je.Bounds, ",") != "c,d" || !strings.Contains(err.Error(), "c, d are not ordered") {
		t.Errorf("Join2(a, b) = %v (%+v), want an ambiguous JoinError naming c and d", err, je)
	}
	_, err = l.Join2(a, e)
	if !errors.As(err, &je) || je.Ambiguous || je.Bounds != nil || !strings.Contains(err.Error(), "no common upper bound") {
		t.Errorf("Join2(a, e) = %v (%+v), want a JoinError with no bound", err, je)
	}
}
