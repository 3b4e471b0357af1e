console.log('cli placeholder');
