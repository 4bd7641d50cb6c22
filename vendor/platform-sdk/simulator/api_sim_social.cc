// api_sim_social.cc — placeholder; its area lands here.
