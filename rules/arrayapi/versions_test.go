package arrayapi

// versions are the standard's versions, oldest first.
var versions = []string{V2021, V2022, V2023, V2024}
