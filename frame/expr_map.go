package frame

import (
	"fmt"

	"github.com/structframe/structframe/structured"
)

// ExprMap holds the functions of a map column (an Arrow map<K, V>, or
// records whose keys are data, read as maps: structured.Tensor.IsMap):
// e.Map().Get(Lit("USD")). A map column is also a list of its {key, value}
// entries, which List() functions take.
type ExprMap struct{ e Expr }

// Map returns the map functions of e.
func (e Expr) Map() ExprMap { return ExprMap{e: e} }

// Keys is the list of each map's keys, in the entries' order; null for a
// null map.
func (m ExprMap) Keys() Expr { return m.part("map.keys", "key") }

// Values is the list of each map's values, in the entries' order; null for
// a null map.
func (m ExprMap) Values() Expr { return m.part("map.values", "value") }

func (m ExprMap) part(label, field string) Expr {
	return fn1(label, m.e, "", func(a *exprVec) (*exprVec, error) {
		ls, err := exprMapOf(label, a)
		if ls == nil {
			return exprNullLists(a), err
		}
		v, err := ls.items.(*structured.Tensor).Field(field)
		if err != nil {
			return nil, err
		}
		return exprListBuild(v, ls.splits, ls.valid, ls.wide)
	})
}

// Get is the value of key in each map (usually a Lit; a column gives each
// row its own key), the first entry's when a key repeats; null where the
// map is null, has no such key, or the key is null.
func (m ExprMap) Get(key Expr) Expr {
	return Expr{n: exprFn{label: "map.get", args: []Expr{m.e, key}, fn: func(_ *exprCtx, args []*exprVec) (*exprVec, error) {
		ls, err := exprMapOf("map.get", args[0])
		if ls == nil {
			return exprNullLists(args[0]), err
		}
		entries := ls.items.(*structured.Tensor)
		keys, err := entries.Field("key")
		if err != nil {
			return nil, err
		}
		vals, err := entries.Field("value")
		if err != nil {
			return nil, err
		}
		kl := &exprList{n: ls.n, splits: ls.splits, items: keys, valid: ls.valid}
		found := make([]bool, ls.n)
		rows := make([]int, ls.n)
		if err := kl.firstEqual(args[1], found, rows); err != nil {
			return nil, err
		}
		for r := range rows {
			if !found[r] || args[1].isNull(r) {
				rows[r] = structured.NullRow
			}
		}
		v, err := structured.TakeValueNullable(vals, rows)
		if err != nil {
			return nil, err
		}
		return exprFromValue(v), nil
	}}}
}

// exprMapOf takes a map column apart as the list of its entries (a rank-1
// Tensor of key and value); nil without an error for a column of only
// nulls.
func exprMapOf(label string, a *exprVec) (*exprList, error) {
	if a.t == exprNullT {
		return nil, nil
	}
	t, ok := a.raw.(*structured.Tensor)
	if !ok || !t.IsMap() || t.Rank() != 2 {
		return nil, fmt.Errorf("%w: %s takes a map column, got %s", ErrType, label, a.typeName())
	}
	return exprListOf(a)
}
