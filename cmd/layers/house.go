package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// House is the drawing of the packages measured.
type House struct {
	Packages  []Package
	Receivers []Receiver // most methods first
	Walk      *Walk      // nil without an entry
}

// Package is one package's floor plan.
type Package struct {
	Path      string
	Files     int
	Arrows    int     // file pairs where one uses a name the other declares
	Back      []Arrow // the arrows that run back up in the best order found
	BackNames int     // the names those arrows carry
	Floors    int
	order     map[string]int // file → position, 0 at the top
}

// Arrow is a file using names another file of its package declares.
type Arrow struct {
	From, To string
	Names    []string
}

// Receiver is a named type and how many methods it has.
type Receiver struct {
	Type    string
	Methods int
}

// Walk is what a call-by-call walk from the entry meets: the static calls
// of functions and concrete methods of the measured packages reachable from
// it (calls through interfaces are not followed), and those that climb back
// up: to a file of the same package placed above the caller's.
type Walk struct {
	Entry            string
	Functions, Calls int
	Climbs           []Climb
}

// Climb is one call that climbs back up.
type Climb struct{ From, FromFile, To, ToFile string }

// Arrows is the number of arrows in every package.
func (h *House) Arrows() int {
	n := 0
	for _, p := range h.Packages {
		n += p.Arrows
	}
	return n
}

// BackArrows is the number of arrows that run back up in every package.
func (h *House) BackArrows() int {
	n := 0
	for _, p := range h.Packages {
		n += len(p.Back)
	}
	return n
}

type listed struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Export     string
}

type funcDecl struct {
	obj  *types.Func
	decl *ast.FuncDecl
	file string
	pkg  *Package
	info *types.Info
}

// measure type-checks the packages the patterns name (their non-test
// files, against the compiler's export data of what they import) and draws
// them.
func measure(patterns []string, entry string) (*House, error) {
	exports, targets, err := list(patterns)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if f := exports[path]; f != "" {
			return os.Open(f)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	})
	h := &House{}
	funcs := map[*types.Func]*funcDecl{}
	methods := map[string]int{}
	for _, lp := range targets {
		var files []*ast.File
		for _, name := range lp.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(lp.Dir, name), nil, 0)
			if err != nil {
				return nil, err
			}
			files = append(files, f)
		}
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
		tp, err := (&types.Config{Importer: imp}).Check(lp.ImportPath, fset, files, info)
		if err != nil {
			return nil, err
		}
		p := &Package{Path: lp.ImportPath, Files: len(files)}
		names := map[[2]string]map[string]bool{}
		var fileNames []string
		for _, f := range files {
			from := filepath.Base(fset.Position(f.Pos()).Filename)
			fileNames = append(fileNames, from)
			ast.Inspect(f, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				obj := info.Uses[id]
				if obj == nil || obj.Pkg() != tp || !obj.Pos().IsValid() || !declaredAtPackageLevel(obj, tp) {
					return true
				}
				to := filepath.Base(fset.Position(obj.Pos()).Filename)
				if to == from {
					return true
				}
				k := [2]string{from, to}
				if names[k] == nil {
					names[k] = map[string]bool{}
				}
				names[k][obj.Name()] = true
				return true
			})
		}
		edges := map[[2]string]bool{}
		for k := range names {
			edges[k] = true
		}
		order := bestOrder(fileNames, edges)
		p.order = map[string]int{}
		for i, f := range order {
			p.order[f] = i
		}
		p.Arrows = len(edges)
		for k := range edges {
			if p.order[k[1]] < p.order[k[0]] {
				a := Arrow{From: k[0], To: k[1]}
				for n := range names[k] {
					a.Names = append(a.Names, n)
				}
				sort.Strings(a.Names)
				p.Back = append(p.Back, a)
				p.BackNames += len(a.Names)
			}
		}
		sort.Slice(p.Back, func(i, j int) bool {
			return p.Back[i].From+" "+p.Back[i].To < p.Back[j].From+" "+p.Back[j].To
		})
		p.Floors = floors(order, edges, p.order)
		h.Packages = append(h.Packages, *p)
		pp := &h.Packages[len(h.Packages)-1]
		for _, f := range files {
			file := filepath.Base(fset.Position(f.Pos()).Filename)
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				obj, _ := info.Defs[fd.Name].(*types.Func)
				if obj == nil {
					continue
				}
				funcs[obj] = &funcDecl{obj: obj, decl: fd, file: file, pkg: pp, info: info}
				if recv := obj.Type().(*types.Signature).Recv(); recv != nil {
					t := recv.Type()
					if ptr, ok := t.(*types.Pointer); ok {
						t = ptr.Elem()
					}
					methods[types.TypeString(t, nil)]++
				}
			}
		}
	}
	for t, n := range methods {
		h.Receivers = append(h.Receivers, Receiver{Type: t, Methods: n})
	}
	sort.Slice(h.Receivers, func(i, j int) bool {
		a, b := h.Receivers[i], h.Receivers[j]
		return a.Methods > b.Methods || a.Methods == b.Methods && a.Type < b.Type
	})
	if entry != "" {
		w, err := walk(funcs, entry)
		if err != nil {
			return nil, err
		}
		h.Walk = w
	}
	return h, nil
}

// list asks the go command for the packages and the export data of
// everything they import.
func list(patterns []string) (exports map[string]string, targets []listed, err error) {
	out, err := exec.Command("go", append([]string{"list", "-export", "-deps", "-json"}, patterns...)...).Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go list -export: %w", stderr(err))
	}
	names, err := exec.Command("go", append([]string{"list"}, patterns...)...).Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go list: %w", stderr(err))
	}
	want := map[string]bool{}
	for _, n := range strings.Fields(string(names)) {
		want[n] = true
	}
	exports = map[string]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, nil, err
		}
		exports[p.ImportPath] = p.Export
		if want[p.ImportPath] {
			targets = append(targets, p)
		}
	}
	return exports, targets, nil
}

func stderr(err error) error {
	if ee, ok := err.(*exec.ExitError); ok {
		return fmt.Errorf("%v: %s", err, ee.Stderr)
	}
	return err
}

// walk follows the calls from entry breadth first.
func walk(funcs map[*types.Func]*funcDecl, entry string) (*Walk, error) {
	var start *funcDecl
	for o, f := range funcs {
		if o.FullName() == entry {
			start = f
		}
	}
	if start == nil {
		return nil, fmt.Errorf("entry %s not found", entry)
	}
	w := &Walk{Entry: short(start.obj)}
	seen := map[*funcDecl]bool{start: true}
	for queue := []*funcDecl{start}; len(queue) > 0; queue = queue[1:] {
		f := queue[0]
		callees := map[*funcDecl]bool{}
		ast.Inspect(f.decl, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if o, ok := f.info.Uses[id].(*types.Func); ok && funcs[o] != nil && funcs[o] != f {
					callees[funcs[o]] = true
				}
			}
			return true
		})
		var sorted []*funcDecl
		for g := range callees {
			sorted = append(sorted, g)
		}
		sort.Slice(sorted, func(i, j int) bool { return sorted[i].obj.FullName() < sorted[j].obj.FullName() })
		for _, g := range sorted {
			w.Calls++
			if g.pkg == f.pkg && g.file != f.file && g.pkg.order[g.file] < f.pkg.order[f.file] {
				w.Climbs = append(w.Climbs, Climb{From: short(f.obj), FromFile: f.file, To: short(g.obj), ToFile: g.file})
			}
			if !seen[g] {
				seen[g] = true
				queue = append(queue, g)
			}
		}
	}
	w.Functions = len(seen)
	return w, nil
}

func short(o *types.Func) string {
	name := o.Pkg().Name() + "." + o.Name()
	if recv := o.Type().(*types.Signature).Recv(); recv != nil {
		t := recv.Type()
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			name = o.Pkg().Name() + "." + n.Obj().Name() + "." + o.Name()
		}
	}
	return name
}

// declaredAtPackageLevel: a package-level name, a method, or a field (a
// use of what another file declares).
func declaredAtPackageLevel(obj types.Object, tp *types.Package) bool {
	if obj.Parent() == tp.Scope() {
		return true
	}
	switch o := obj.(type) {
	case *types.Func:
		return o.Type().(*types.Signature).Recv() != nil
	case *types.Var:
		return o.IsField()
	}
	return false
}

// bestOrder orders files top to bottom so that few arrows (from the user to
// the used) run back up: Eades, Lin and Smyth's greedy order, then single
// files moved while a move lowers the count. (The fewest possible is a
// minimum feedback arc set, too costly to find exactly; the order found is
// an upper bound of it.)
func bestOrder(files []string, edges map[[2]string]bool) []string {
	out, in := map[string]map[string]bool{}, map[string]map[string]bool{}
	left := map[string]bool{}
	for _, f := range files {
		out[f], in[f], left[f] = map[string]bool{}, map[string]bool{}, true
	}
	for k := range edges {
		out[k[0]][k[1]], in[k[1]][k[0]] = true, true
	}
	deg := func(f string, m map[string]map[string]bool) int {
		n := 0
		for g := range m[f] {
			if left[g] {
				n++
			}
		}
		return n
	}
	remaining := func() []string {
		var l []string
		for f := range left {
			l = append(l, f)
		}
		sort.Strings(l)
		return l
	}
	var top, bottom []string
	for len(left) > 0 {
		for changed := true; changed; {
			changed = false
			for _, f := range remaining() {
				switch {
				case deg(f, out) == 0: // uses nothing left: to the bottom
					bottom = append([]string{f}, bottom...)
				case deg(f, in) == 0: // used by nothing left: to the top
					top = append(top, f)
				default:
					continue
				}
				delete(left, f)
				changed = true
			}
		}
		if len(left) == 0 {
			break
		}
		best, score := "", -1<<30
		for _, f := range remaining() {
			if s := deg(f, out) - deg(f, in); s > score {
				best, score = f, s
			}
		}
		top = append(top, best)
		delete(left, best)
	}
	order := append(top, bottom...)
	back := func(o []string) int {
		pos := map[string]int{}
		for i, f := range o {
			pos[f] = i
		}
		n := 0
		for k := range edges {
			if pos[k[1]] < pos[k[0]] {
				n++
			}
		}
		return n
	}
	cur := back(order)
	for improved := true; improved; {
		improved = false
		for i := range order {
			for j := range order {
				if i == j {
					continue
				}
				o := append([]string{}, order...)
				f := o[i]
				o = append(o[:i], o[i+1:]...)
				o = append(o[:j], append([]string{f}, o[j:]...)...)
				if c := back(o); c < cur {
					order, cur, improved = o, c, true
				}
			}
		}
	}
	return order
}

// floors is the height of the house: a file stands one floor above the
// highest file below it that it uses.
func floors(order []string, edges map[[2]string]bool, pos map[string]int) int {
	floor := map[string]int{}
	top := 0
	for i := len(order) - 1; i >= 0; i-- {
		f := order[i]
		fl := 1
		for k := range edges {
			if k[0] == f && pos[k[1]] > pos[f] && floor[k[1]]+1 > fl {
				fl = floor[k[1]] + 1
			}
		}
		floor[f] = fl
		top = max(top, fl)
	}
	return top
}
