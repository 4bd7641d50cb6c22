// api_client_presence.cc — placeholder; its area lands here.
