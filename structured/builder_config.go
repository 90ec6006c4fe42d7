package structured

import "github.com/structframe/structframe/structured/internal/build"

// The seam to the Builder's engine (the internal package build, which
// sits below the model and knows nothing of Tensors or Specs): what it is
// given, a Spec as a build.Schema and errors made as this package's
// *Error, here; the Tensor assembled from the columns it hands over, in
// builder_finish.go.

// buildConfig is the engine's configuration for an operation of this
// package.
func buildConfig(op string, spec *Spec, o buildOptions, chunks build.Chunking) build.Config {
	return build.Config{Op: op, Schema: schemaOf(spec), Options: o, Chunks: chunks, Errors: builderError}
}

// schemaOf is what spec says about the values, as the engine reads it
// (nil for nil).
func schemaOf(spec *Spec) *build.Schema {
	if spec == nil {
		return nil
	}
	return &build.Schema{Shape: spec.Shape, Fields: schemaFields(spec.Fields), Nullable: spec.Nullable}
}

// specSource gives the engine a Spec's Schema when it needs it (a frozen
// schema is converted only if a batch follows).
type specSource Spec

func (s *specSource) Schema() *build.Schema { return schemaOf((*Spec)(s)) }

func schemaFields(fs []FieldSpec) []build.Field {
	if fs == nil {
		return nil
	}
	out := make([]build.Field, len(fs))
	for i := range fs {
		f := &fs[i]
		out[i] = build.Field{Name: f.Name, Type: f.Type, Fields: schemaFields(f.Fields), Dims: f.Dims, Map: f.Map, Nullable: f.Nullable}
	}
	return out
}

// errorKinds are the sentinels of the kinds of the engine's errors.
var errorKinds = [...]error{
	build.KindSchema:        ErrSchema,
	build.KindType:          ErrType,
	build.KindPath:          ErrPath,
	build.KindShape:         ErrShape,
	build.KindMergeConflict: ErrMergeConflict,
}

// builderError is the *Error of an error of the engine: the same
// operation, path and message.
func builderError(e *build.Error) error {
	return &Error{Op: e.Op, Field: e.Path, Err: errorKinds[e.Kind], Msg: e.Msg}
}
