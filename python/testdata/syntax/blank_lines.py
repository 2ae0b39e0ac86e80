if x:
    pass
    
  # comment at odd indent



else:
    pass
