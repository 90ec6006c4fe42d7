package dataset

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/structframe/structframe/internal/store"
)

// hidden reports whether a file or directory name is left out of a
// dataset, as Spark, pyarrow and Polars leave it out: names starting with
// '.' or '_' (.part-0.parquet.crc, _SUCCESS, _common_metadata, _metadata,
// _temporary/, _delta_log/).
func hidden(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

// hiddenFile is hidden for a file, which is also left out when its name
// ends in ".crc" or "_$folder$" (Hadoop's checksums, S3 folder markers).
func hiddenFile(name string) bool {
	return hidden(name) || strings.HasSuffix(name, ".crc") || strings.HasSuffix(name, "_$folder$")
}

// isGlob reports whether p holds a wildcard of path.Match.
func isGlob(p string) bool { return strings.ContainsAny(p, "*?[") }

// discover lists the files of src (a file, a directory or a glob) in the
// format f (Auto: the one their extensions say). It returns the base
// directory below which key=value directories are partitions and the
// files' paths, sorted by their path elements. A directory is walked
// whole; hidden names (see hidden) are skipped at every level below the
// base. A glob matches slash-separated elements with path.Match; "**" as
// a whole element matches any number of directories, zero included.
func discover(src string, f Format) (base string, files []string, format Format, err error) {
	if store.IsURL(src) {
		return discoverURL(src, f)
	}
	if isGlob(src) {
		return discoverGlob(src, f)
	}
	st, err := os.Stat(src)
	if err != nil {
		return "", nil, f, &Error{Op: "Read", Path: src, Err: err}
	}
	if !st.IsDir() {
		if f == Auto {
			if f = formatOf(src); f == Auto {
				return "", nil, f, &Error{Op: "Read", Path: src, Err: noFormat(src)}
			}
		}
		return filepath.Dir(src), []string{src}, f, nil
	}
	files, f, err = walk(src, f, nil)
	return src, files, f, err
}

// discoverGlob lists the files a glob matches below its longest
// wildcard-free directory.
func discoverGlob(pattern string, f Format) (string, []string, Format, error) {
	pat := filepath.ToSlash(pattern)
	elems := strings.Split(pat, "/")
	i := 0
	for i < len(elems)-1 && !isGlob(elems[i]) {
		i++
	}
	base := strings.Join(elems[:i], "/")
	if base == "" {
		if strings.HasPrefix(pat, "/") {
			base = "/"
		} else {
			base = "."
		}
	}
	rest := elems[i:]
	for _, e := range rest {
		if e != "**" && strings.Contains(e, "**") {
			return "", nil, f, &Error{Op: "Read", Path: pattern, Err: fmt.Errorf("%w: ** must be a whole path element", ErrOption)}
		}
		if _, err := path.Match(e, ""); err != nil {
			return "", nil, f, &Error{Op: "Read", Path: pattern, Err: fmt.Errorf("%w: %v", ErrOption, err)}
		}
	}
	dir := filepath.FromSlash(base)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", nil, f, &Error{Op: "Read", Path: pattern, Err: fmt.Errorf("%w: no match (directory %s: %v)", ErrNoFiles, dir, statErr(err))}
	}
	files, f, err := walk(dir, f, rest)
	if err == nil && len(files) == 0 {
		err = &Error{Op: "Read", Path: pattern, Err: fmt.Errorf("%w: the pattern matches no file", ErrNoFiles)}
	}
	return dir, files, f, err
}

func statErr(err error) error {
	if err == nil {
		return fmt.Errorf("not a directory")
	}
	return err
}

// walk lists the data files below dir, in sorted order, whose path
// relative to dir matches pattern (nil: every file). With format Auto the
// format is the one of the files' extensions, and files of two formats
// are an error naming one of each; files of no known format are skipped.
func walk(dir string, f Format, pattern []string) ([]string, Format, error) {
	var files []string
	var firstOf [JSON + 1]string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return &Error{Op: "Read", Path: p, Err: err}
		}
		if p == dir {
			return nil
		}
		if d.IsDir() && hidden(d.Name()) {
			return filepath.SkipDir
		}
		if !d.IsDir() && hiddenFile(d.Name()) {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if pattern != nil && !matchPrefix(pattern, strings.Split(rel, "/")) {
				return filepath.SkipDir
			}
			return nil
		}
		if pattern != nil && !matchPath(pattern, strings.Split(rel, "/")) {
			return nil
		}
		ff := formatOf(p)
		if ff == Auto || (f != Auto && ff != f) {
			return nil
		}
		if firstOf[ff] == "" {
			firstOf[ff] = p
		}
		files = append(files, p)
		return nil
	})
	if err != nil {
		return nil, f, err
	}
	if f, err = oneFormat(f, firstOf, dir); err != nil {
		return nil, f, err
	}
	// WalkDir visits each directory's names in lexical order: the list
	// is sorted by path elements already
	return files, f, nil
}

// matchPath reports whether the path elements match the pattern's.
func matchPath(pat, elems []string) bool {
	if len(pat) == 0 {
		return len(elems) == 0
	}
	if pat[0] == "**" {
		for i := 0; i <= len(elems); i++ {
			if matchPath(pat[1:], elems[i:]) {
				return true
			}
		}
		return false
	}
	if len(elems) == 0 {
		return false
	}
	ok, _ := path.Match(pat[0], elems[0])
	return ok && matchPath(pat[1:], elems[1:])
}

// matchPrefix reports whether a directory whose path elements are elems
// can hold a match of the pattern.
func matchPrefix(pat, elems []string) bool {
	if len(elems) == 0 {
		return len(pat) > 0
	}
	if len(pat) == 0 {
		return false
	}
	if pat[0] == "**" {
		return true
	}
	ok, _ := path.Match(pat[0], elems[0])
	return ok && matchPrefix(pat[1:], elems[1:])
}

// commonDir is the longest directory that holds every path.
func commonDir(paths []string) string {
	if len(paths) == 0 {
		return "."
	}
	if store.IsURL(paths[0]) {
		common := store.Dir(paths[0])
		for _, p := range paths[1:] {
			for common != store.Dir(common) && store.Rel(common, p) == "" && store.Dir(p) != common {
				common = store.Dir(common)
			}
		}
		return common
	}
	common := strings.Split(filepath.ToSlash(filepath.Dir(paths[0])), "/")
	for _, p := range paths[1:] {
		elems := strings.Split(filepath.ToSlash(filepath.Dir(p)), "/")
		n := 0
		for n < len(common) && n < len(elems) && common[n] == elems[n] {
			n++
		}
		common = common[:n]
	}
	if len(common) == 0 {
		return "."
	}
	if len(common) == 1 && common[0] == "" {
		return "/"
	}
	return filepath.FromSlash(strings.Join(common, "/"))
}

// relDir is the directory of file relative to base, slash-separated; ""
// when file is not below base.
func relDir(base, file string) string {
	if store.IsURL(file) {
		return store.Rel(base, store.Dir(file))
	}
	rel, err := filepath.Rel(base, filepath.Dir(file))
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return ""
	}
	return filepath.ToSlash(rel)
}

// oneFormat is the format of a directory's files, the first of each
// format named in firstOf: f when given, else the one format found; two
// are an error.
func oneFormat(f Format, firstOf [JSON + 1]string, dir string) (Format, error) {
	if f != Auto {
		return f, nil
	}
	var seen []Format
	for ff := Parquet; ff <= JSON; ff++ {
		if firstOf[ff] != "" {
			seen = append(seen, ff)
		}
	}
	switch len(seen) {
	case 0:
		return f, nil
	case 1:
		return seen[0], nil
	}
	return f, &Error{Op: "Read", Path: dir, Err: fmt.Errorf("%w: files of two formats, %s (%s) and %s (%s): give one with WithFormat", ErrOption, seen[0], firstOf[seen[0]], seen[1], firstOf[seen[1]])}
}
