package json

// readConfig is what the reader options set.
type readConfig struct{}

func defaultReadConfig() readConfig { return readConfig{} }
