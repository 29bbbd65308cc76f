"""The faces: the command line and its rich terminal views, over the same result objects."""
