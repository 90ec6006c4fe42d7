package frame

// parseFuncsNested registers the list, structure and map functions of the
// text form.
func parseFuncsNested(funcs map[string]parseFunc) {
	funcs["join"] = parseStrArg(func(e Expr, s string) Expr { return e.List().Join(s) })
	funcs["field"] = parseStrArg(func(e Expr, s string) Expr { return e.Struct().Field(s) })
	funcs["get"] = parseFunc{2, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
		i, err := a[1].intLit(p, name)
		if err != nil {
			return Expr{}, err
		}
		return a[0].e.List().Get(i), nil
	}}
}
