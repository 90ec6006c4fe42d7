package json

// writeConfig is what the writer options set.
type writeConfig struct{}

func defaultWriteConfig() writeConfig { return writeConfig{} }
