// api_client_relationships.cc — placeholder; its area lands here.
