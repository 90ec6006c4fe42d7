package main

import _ "embed"

// The bundled file is a copy of the repository's testdata/recipes.json:
// an embed directive reaches only files in or below its package's
// directory, and an embedded copy makes the binary show its demo wherever
// it runs (go install, go run from any directory). go generate refreshes
// the copy, and TestBundledIsTestdata fails when the two differ.
//
//go:generate cp ../../testdata/recipes.json recipes.json

// bundledName is how the bundled file is named in messages and hints.
const bundledName = "testdata/recipes.json (bundled)"

//go:embed recipes.json
var bundledRecipes []byte
