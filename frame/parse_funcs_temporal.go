package frame

// parseFuncsTemporal registers the date, time and duration functions of
// the text form.
func parseFuncsTemporal(funcs map[string]parseFunc) {}
