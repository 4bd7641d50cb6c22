// api_relationship_handle.cc — placeholder; its area lands here.
