// api_sim_presence.cc — placeholder; its area lands here.
