package build

import (
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// TestBitmapRuns: AppendN and AppendBits (whole runs, words at a time)
// give the bitmap and null count that appending their slots one by one
// gives, from every starting length, with and without a bitmap yet.
func TestBitmapRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		var got, want Bitmap
		for range 1 + r.IntN(6) {
			n := r.IntN(80)
			switch r.IntN(3) {
			case 0, 1:
				valid := r.IntN(2) == 0
				got.AppendN(n, valid)
				for range n {
					want.Append(valid)
				}
			default:
				var src Bitmap
				for range n + r.IntN(9) {
					src.Append(r.IntN(4) != 0)
				}
				appendBitmap(&got, &src, n)
				for i := range n {
					want.Append(src.bits == nil || bitutil.BitIsSet(src.bits, i))
				}
			}
		}
		gb, gn := got.Finish()
		wb, wn := want.Finish()
		if got.n != want.n || gn != wn || (gb == nil) != (wb == nil) {
			t.Fatalf("n %d nulls %d (bitmap %v), want n %d nulls %d (bitmap %v)", got.n, gn, gb != nil, want.n, wn, wb != nil)
		}
		for i := range got.n {
			if gb != nil && bitutil.BitIsSet(gb, i) != bitutil.BitIsSet(wb, i) {
				t.Fatalf("slot %d of %d differs", i, got.n)
			}
		}
	}
}
