package frame

// parseFuncsMath registers the mathematical, conditional and cast
// functions of the text form.
func parseFuncsMath(funcs map[string]parseFunc) {}
