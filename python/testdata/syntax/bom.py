x = "bom"
