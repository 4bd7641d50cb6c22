// api_activity_values.cc — placeholder; its area lands here.
