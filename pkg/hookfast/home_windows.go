package hookfast

// homeEnv holds the home directory (os.UserHomeDir).
const homeEnv = "USERPROFILE"
