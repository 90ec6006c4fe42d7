package structured

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestEmptyFieldName: "" is a legal field name (valid JSON, a legal Arrow
// field name): it is kept by FromValue and the Builder, at the top level
// and nested, through Arrow record batches, updates and the Spec's text
// form (where it is quoted), and the other fields' paths still work.
func TestEmptyFieldName(t *testing.T) {
	for _, tc := range []struct {
		name, json, spec string
	}{
		{"one", `{"": 0}`, `1 * {"": int64}`},
		{"rows", `{"": 0, "a": 1}` + "\n" + `{"": null, "a": 2}`, `2 * {"": ?int64, a: int64}`},
		{"nested", `{"a": {"": "Ünïcödé", "b": 1}}` + "\n" + `{"a": {"": "日本語", "b": 2}}`, `2 * {a: {"": string, b: int64}}`},
		{"in a list", `{"l": [{"": 1.5}, {"": 2}]}` + "\n" + `{"l": []}`, `2 * {l: var * {"": float64}}`},
		{"emoji beside", `{"": "😀", "😀": ""}`, `1 * {"": string, "😀": string}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rows []any
			for _, line := range strings.Split(tc.json, "\n") {
				var v any
				if err := json.Unmarshal([]byte(line), &v); err != nil {
					t.Fatal(err)
				}
				rows = append(rows, v)
			}
			fv, err := FromValue(rows)
			if err != nil {
				t.Fatalf("FromValue: %v", err)
			}
			// (encoding/json gives float64 for every number)
			if got, want := fv.Spec().String(), strings.ReplaceAll(tc.spec, "int64", "float64"); got != want {
				t.Errorf("FromValue: Spec %s, want %s", got, want)
			}
			st, err := buildJSON(t, tc.json)
			if err != nil {
				t.Fatalf("Builder: %v", err)
			}
			if got := st.Spec().String(); got != tc.spec {
				t.Errorf("Builder: Spec %s, want %s", got, tc.spec)
			}
			parsed, err := ParseSpec(tc.spec)
			if err != nil {
				t.Fatalf("ParseSpec(%s): %v", tc.spec, err)
			}
			if got := parsed.String(); got != tc.spec {
				t.Errorf("ParseSpec(%s) prints %s", tc.spec, got)
			}
			rec, err := st.ToRecordBatch()
			if err != nil {
				t.Fatalf("ToRecordBatch: %v", err)
			}
			defer rec.Release()
			back, err := FromRecordBatch(rec)
			if err != nil {
				t.Fatalf("FromRecordBatch: %v", err)
			}
			if !back.Equal(st) {
				t.Errorf("through Arrow: %s, want %s", back.Spec(), st.Spec())
			}
		})
	}
	st, err := FromValue(map[string]any{"": map[string]any{"": 1, "x": 2}, "a": map[string]any{"b": 3}})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range [][]string{{""}, {"", ""}, {"", "x"}, {"a", "b"}} {
		if _, err := st.Field(path...); err != nil {
			t.Errorf("Field(%q): %v", path, err)
		}
	}
	up, err := st.WithUpdates(SetField(Must(ValueOf(int64(7))), "a", ""))
	if err != nil {
		t.Fatalf("SetField a.\"\": %v", err)
	}
	if got := up.Spec().String(); got != `{"": {"": int64, x: int64}, a: {b: int64, "": int64}}` {
		t.Errorf("after SetField: %s", got)
	}
	if _, err := FromFields([]FieldValue{{Name: "", Value: Must(ValueOf([]int64{1, 2}))}}, 1); err != nil {
		t.Errorf("FromFields with an empty name: %v", err)
	}
	if _, err := (&Spec{Shape: Shape{Unknown}, Fields: []FieldSpec{{Name: "", Type: arrow.PrimitiveTypes.Int64}}}).ArrowSchema(); err != nil {
		t.Errorf("ArrowSchema with an empty name: %v", err)
	}
}
