// Package layers holds no code: its test checks which of the module's
// packages link the dependencies that cost build time, binary size or
// process start-up (pqarrow and arrow/compute, tablewriter, gota and the
// gonum packages it imports), so that they stay in the packages made to
// hold them.
package layers
