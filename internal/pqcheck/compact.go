package pqcheck

import (
	"errors"
	"fmt"
)

// Thrift compact-protocol types.
const (
	tStop   = 0
	tTrue   = 1
	tFalse  = 2
	tByte   = 3
	tI16    = 4
	tI32    = 5
	tI64    = 6
	tDouble = 7
	tBinary = 8
	tList   = 9
	tSet    = 10
	tMap    = 11
	tStruct = 12
	tUUID   = 13
)

// decoder reads Thrift compact-protocol values from b; every read checks
// that the bytes are there (ErrShort when they are not), nothing is
// allocated, and skipped lengths are checked against what is left.
type decoder struct {
	b   []byte
	pos int
}

func (d *decoder) byte() (byte, error) {
	if d.pos >= len(d.b) {
		return 0, ErrShort
	}
	c := d.b[d.pos]
	d.pos++
	return c, nil
}

// uvarint reads an unsigned LEB128 varint of at most 10 bytes.
func (d *decoder) uvarint() (uint64, error) {
	var x uint64
	for shift := uint(0); shift < 70; shift += 7 {
		c, err := d.byte()
		if err != nil {
			return 0, err
		}
		x |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return x, nil
		}
	}
	return 0, errors.New("varint longer than 10 bytes")
}

// varint reads a zigzag varint.
func (d *decoder) varint() (int64, error) {
	u, err := d.uvarint()
	return int64(u>>1) ^ -int64(u&1), err
}

// i32 reads an i32 field of type typ into v; a field of another type is
// malformed.
func (d *decoder) i32(typ byte, v *int32) error {
	if typ != tI32 {
		return fmt.Errorf("field of type %d where an i32 was expected", typ)
	}
	x, err := d.varint()
	if err != nil {
		return err
	}
	if x < -1<<31 || x > 1<<31-1 {
		return fmt.Errorf("i32 field out of range: %d", x)
	}
	*v = int32(x)
	return nil
}

func (d *decoder) advance(n uint64) error {
	if n > uint64(len(d.b)-d.pos) {
		d.pos = len(d.b)
		return ErrShort
	}
	d.pos += int(n)
	return nil
}

// structFields reads the fields of a struct up to its stop byte, calling
// field with each field's id and type; field reads or skips the value.
func (d *decoder) structFields(depth int, field func(id int16, typ byte) error) error {
	if depth > maxDepth {
		return errors.New("structs nested too deep")
	}
	last := int16(0)
	for {
		c, err := d.byte()
		if err != nil {
			return err
		}
		typ := c & 0x0f
		if typ == tStop {
			return nil
		}
		id := last + int16(c>>4)
		if c>>4 == 0 {
			x, err := d.varint()
			if err != nil {
				return err
			}
			if x < -1<<15 || x > 1<<15-1 {
				return fmt.Errorf("field id out of range: %d", x)
			}
			id = int16(x)
		}
		last = id
		if err := field(id, typ); err != nil {
			return err
		}
	}
}

// skip skips a value of type typ (a field's: booleans are in the type).
func (d *decoder) skip(typ byte, depth int) error {
	if depth > maxDepth {
		return errors.New("values nested too deep")
	}
	switch typ {
	case tTrue, tFalse:
		return nil
	case tByte:
		return d.advance(1)
	case tI16, tI32, tI64:
		_, err := d.uvarint()
		return err
	case tDouble:
		return d.advance(8)
	case tUUID:
		return d.advance(16)
	case tBinary:
		n, err := d.uvarint()
		if err != nil {
			return err
		}
		return d.advance(n)
	case tList, tSet:
		c, err := d.byte()
		if err != nil {
			return err
		}
		n, elem := uint64(c>>4), c&0x0f
		if n == 15 {
			if n, err = d.uvarint(); err != nil {
				return err
			}
		}
		return d.skipElems(n, elem, depth)
	case tMap:
		n, err := d.uvarint()
		if err != nil || n == 0 {
			return err
		}
		if n > uint64(len(d.b)-d.pos) { // two bytes an entry at least
			d.pos = len(d.b)
			return ErrShort
		}
		c, err := d.byte()
		if err != nil {
			return err
		}
		for range n {
			if err := d.skipElem(c>>4, depth); err != nil {
				return err
			}
			if err := d.skipElem(c&0x0f, depth); err != nil {
				return err
			}
		}
		return nil
	case tStruct:
		return d.structFields(depth+1, func(_ int16, typ byte) error { return d.skip(typ, depth+1) })
	}
	return fmt.Errorf("unknown field type %d", typ)
}

// skipElems skips n elements of a list or set; each takes one byte at
// least, so a count past the bytes left is short at once.
func (d *decoder) skipElems(n uint64, elem byte, depth int) error {
	if n > uint64(len(d.b)-d.pos) {
		d.pos = len(d.b)
		return ErrShort
	}
	for range n {
		if err := d.skipElem(elem, depth); err != nil {
			return err
		}
	}
	return nil
}

// skipElem skips an element of a list, set or map, where a boolean takes
// a byte of its own.
func (d *decoder) skipElem(typ byte, depth int) error {
	if typ == tTrue || typ == tFalse {
		return d.advance(1)
	}
	return d.skip(typ, depth+1)
}
