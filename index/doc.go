// Package index holds the row indexes of a frame: the implicit [Range],
// label indexes over Arrow-backed values, and MultiIndexes, with their
// mapping to and from the field "_index_" of a StructuredTensor.
package index
