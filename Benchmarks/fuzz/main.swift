// Placeholder: the fuzz target is being written (issue 5).
