package lazy

// SameRows is sameRows for the external tests.
var SameRows = sameRows
