"""Terminal views (rich). Logic never imports from here; views take result objects."""
