package cli

import (
	"os"
	"path/filepath"
)

// The environment variables that point symposium's network endpoints
// elsewhere (tests serve them on 127.0.0.1, or point them at nothing).
const (
	// EnvCratesIndexURL overrides crates.io's sparse index.
	EnvCratesIndexURL = "SYMPOSIUM_CRATES_INDEX_URL"
	// EnvRecommendationsURL overrides the central plugin source's git URL.
	EnvRecommendationsURL = "SYMPOSIUM_RECOMMENDATIONS_URL"
	// EnvGitHubURL overrides https://github.com, where github
	// installations are downloaded from.
	EnvGitHubURL = "SYMPOSIUM_GITHUB_URL"
	// EnvBinaryURL replaces the scheme and host of a binary installation's
	// url.
	EnvBinaryURL = "SYMPOSIUM_BINARY_URL"
)

// Env is what the binaries take from the environment, read once at the
// edge (as cli/cli's Factory) and handed to the library packages as fields
// and parameters: no package below pkg/cli reads an environment variable
// (TestLibrariesReadNoEnvironment). symposium's own directories and
// config come from pkg/cli/userconf, so that sym-deps, which needs
// neither, links no config parser.
type Env struct {
	// CratesIndexURL is crates.io's index ($SYMPOSIUM_CRATES_INDEX_URL;
	// "" is the real one).
	CratesIndexURL string
	// CargoHome is cargo's home: $CARGO_HOME, else ~/.cargo ("" when
	// there is no home directory either).
	CargoHome string
	// RecommendationsURL, GitHubURL and BinaryURL are the other
	// endpoints' overrides ("": the real ones).
	RecommendationsURL, GitHubURL, BinaryURL string
}

// ReadEnv reads Env from the process's environment.
func ReadEnv() Env {
	e := Env{
		CratesIndexURL:     os.Getenv(EnvCratesIndexURL),
		CargoHome:          os.Getenv("CARGO_HOME"),
		RecommendationsURL: os.Getenv(EnvRecommendationsURL),
		GitHubURL:          os.Getenv(EnvGitHubURL),
		BinaryURL:          os.Getenv(EnvBinaryURL),
	}
	if e.CargoHome == "" {
		if h, err := os.UserHomeDir(); err == nil {
			e.CargoHome = filepath.Join(h, ".cargo")
		}
	}
	return e
}

// Executable is the running executable's path ("" when the system cannot
// say): a new build of it may install differently, so a sync stamps it.
func Executable() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	return exe
}
